import { describe, expect, it } from 'vitest';
import { canonicalLinkedinUrl, linkedinSlug } from './linkedin-url.js';

describe('canonicalLinkedinUrl', () => {
  it.each([
    ['https://www.linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['http://linkedin.com/in/Ada-Lovelace/', 'https://www.linkedin.com/in/ada-lovelace'],
    ['www.linkedin.com/in/ada-lovelace?utm_source=share#about', 'https://www.linkedin.com/in/ada-lovelace'],
    ['  HTTPS://UK.LinkedIn.com/in/ADA-LOVELACE/  ', 'https://www.linkedin.com/in/ada-lovelace'],
    ['https://www.linkedin.com/in/ada%2Dlovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa', 'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa'],
  ])('makes %s into %s', (input, expected) => {
    expect(canonicalLinkedinUrl(input)).toBe(expected);
  });

  it.each([
    'https://www.linkedin.com/company/northwind',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/in/ada/details/experience',
    'https://linkedin.com.evil.example/in/ada',
    'https://evil.example/in/ada',
    'ftp://www.linkedin.com/in/ada',
    'https://www.linkedin.com/in/%E0%A4%A',
    'https://www.linkedin.com/in/ada%2Fx',
    'https://user:pw@www.linkedin.com/in/ada',
    'not a url',
  ])('refuses %s', (input) => {
    expect(canonicalLinkedinUrl(input)).toBeNull();
  });

  it('gives back the decoded slug of a canonical URL', () => {
    expect(linkedinSlug('https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa')).toBe('josé-garcía');
  });
});
