import { describe, expect, it } from 'vitest';
import { cutBody, messageBodyLimitBytes, messageIdsIn, pickHeaders, textOfHtml } from './message-fields.js';

describe('the text of an HTML body', () => {
  it('keeps the words, breaks lines at blocks and <br>, drops scripts, styles, the head and comments', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><p>Dear Ada,</p>' +
      '<div>Happy to talk&nbsp;&amp; meet.<br>Tuesday?</div><!-- tracking --><script>alert(1)</script>' +
      '<p>Grace &#x1F600; &#233;</p></body></html>';
    expect(textOfHtml(html)).toBe('Dear Ada,\nHappy to talk & meet.\nTuesday?\nGrace 😀 é');
  });

  it('reads text with a lone "<" as text, and an unclosed comment or script as the end', () => {
    expect(textOfHtml('a < b and 3<4 <b>bold</b>')).toBe('a < b and 3<4 bold');
    expect(textOfHtml('before<!-- never closed <p>hidden</p>')).toBe('before');
    expect(textOfHtml('before<script>while(1){}')).toBe('before');
  });

  it('reads hostile HTML made of unclosed openings in one pass, up to its bound', () => {
    expect(textOfHtml(`${'<'.repeat(200_000)}${'<!--'.repeat(50_000)}`)).toBe('<'.repeat(200_000));
    expect(textOfHtml('<a'.repeat(200_000))).toBe('<a'.repeat(2 * messageBodyLimitBytes));
    expect(textOfHtml(`${' '.repeat(300_000)}x`)).toBe('');
  });
});

describe('message fields', () => {
  it('cut a body to 64 KiB of UTF-8 without splitting a character', () => {
    const body = `a${'€'.repeat(30_000)}`;
    const cut = cutBody(body);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(messageBodyLimitBytes);
    expect(cut).toBe(`a${'€'.repeat(21_845)}`);
    expect(cutBody('short')).toBe('short');
  });

  it('pick the classification headers by lower-case name, the first of a repeated one', () => {
    expect(
      pickHeaders([
        { name: 'Auto-Submitted', value: 'auto-replied' },
        { name: 'auto-submitted', value: 'no' },
        { name: 'List-Unsubscribe', value: '<mailto:u@x>' },
        { name: 'Received', value: 'from x' },
      ]),
    ).toEqual({ 'auto-submitted': 'auto-replied', 'list-unsubscribe': '<mailto:u@x>' });
  });

  it('read the Message-IDs of a References value in order', () => {
    expect(messageIdsIn('<a@x>\r\n <b@y> junk <c@z>')).toEqual(['<a@x>', '<b@y>', '<c@z>']);
    expect(messageIdsIn(undefined)).toEqual([]);
  });
});
