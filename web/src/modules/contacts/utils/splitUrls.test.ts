import { describe, expect, it } from 'vitest';
import { splitUrls } from './splitUrls';

describe('splitUrls', () => {
  it('keeps each LinkedIn profile once and names the lines that are not one', () => {
    expect(
      splitUrls(
        'https://www.linkedin.com/in/ada\n\n  linkedin.com/in/ADA/ \r\nhttps://example.com/x\nhttps://www.linkedin.com/in/alan',
      ),
    ).toEqual({
      urls: ['https://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/alan'],
      rejected: ['https://example.com/x'],
    });
  });
});
