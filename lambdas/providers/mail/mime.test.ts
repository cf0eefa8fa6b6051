import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildMime, calendarOfMime } from './mime.js';
import type { OutgoingMail } from './port.js';

const mail: OutgoingMail = {
  from: 'ada@example.com',
  fromName: 'Ada Lovelace',
  to: 'grace@navy.example',
  toName: 'Grace Hopper',
  subject: 'Über die Maschine — a question',
  body: 'Dear Grace,\n\nThe engine computes Bernoulli numbers. Grüße!\n\nAda',
  messageId: '<01JDRAFT@example.com>',
};

/** The header lines of a message, unfolded (RFC 5322 §2.2.3). */
const headerLines = (raw: Buffer) => {
  const text = raw.toString('utf8');
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
};

describe('the MIME builder', () => {
  it('writes names, a UTF-8 subject, the text body and the given Message-ID', async () => {
    const parsed = await simpleParser(await buildMime(mail));
    expect(parsed.from?.value).toEqual([{ address: 'ada@example.com', name: 'Ada Lovelace' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'grace@navy.example', name: 'Grace Hopper' }] });
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.text?.trim()).toBe(mail.body);
    expect(parsed.messageId).toBe('<01JDRAFT@example.com>');
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain', params: { charset: 'utf-8' } });
  });

  it('threads a reply with In-Reply-To and the whole References chain', async () => {
    const parsed = await simpleParser(
      await buildMime({
        ...mail,
        inReplyTo: '<second@navy.example>',
        references: ['<first@example.com>', '<second@navy.example>'],
      }),
    );
    expect(parsed.inReplyTo).toBe('<second@navy.example>');
    expect(parsed.references).toEqual(['<first@example.com>', '<second@navy.example>']);
  });

  it('attaches files with their names and types, and keeps the body as the text part', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff]);
    const parsed = await simpleParser(
      await buildMime({
        ...mail,
        attachments: [{ fileName: 'Ada Lovelace résumé.pdf', contentType: 'application/pdf', content: pdf }],
      }),
    );
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'Ada Lovelace résumé.pdf',
      contentType: 'application/pdf',
    });
    expect(new Uint8Array(parsed.attachments[0]!.content)).toEqual(pdf);
    expect(parsed.text?.trim()).toBe(mail.body);
  });

  it('carries extra headers such as the draft id', async () => {
    const parsed = await simpleParser(await buildMime({ ...mail, headers: { 'X-Outreach-Draft-Id': '01JDRAFTID' } }));
    expect(parsed.headers.get('x-outreach-draft-id')).toBe('01JDRAFTID');
  });

  it('adds no header when a subject, a name or a header value carries line breaks', async () => {
    const raw = await buildMime({
      ...mail,
      subject: 'Hello\r\nBcc: spy@evil.example\r\n\r\nforged body',
      fromName: 'Ada\nBcc: spy@evil.example',
      toName: 'Grace\rX-Injected: yes',
      headers: { 'X-Outreach-Draft-Id': '01J\r\nBcc: spy@evil.example' },
    });
    const names = headerLines(raw).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe('Hello Bcc: spy@evil.example  forged body');
    expect(parsed.text?.trim()).toBe(mail.body);
    expect(parsed.to).toMatchObject({ value: [{ address: 'grace@navy.example' }] });
  });

  it('refuses an extra header whose name is malformed or would replace one of the message', async () => {
    await expect(buildMime({ ...mail, headers: { 'X-Bad\r\nBcc': 'x' } })).rejects.toThrow('Not an extra header');
    await expect(buildMime({ ...mail, headers: { 'X-Bad: Bcc': 'x' } })).rejects.toThrow('Not an extra header');
    await expect(buildMime({ ...mail, headers: { 'Message-ID': '<other@x>' } })).rejects.toThrow('Not an extra header');
  });
});

describe("the MIME reader's calendar", () => {
  const calendar = [
    'BEGIN:VCALENDAR',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    'UID:x@y',
    'SUMMARY:Café',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  it('is the text/calendar part of a message, decoded from its transfer encoding as UTF-8', async () => {
    const raw = await buildMime({
      ...mail,
      calendar: { method: 'REQUEST', content: calendar, fileName: 'invite.ics' },
    });
    expect(await calendarOfMime(raw)).toBe(calendar);
  });

  it('is an attached .ics file when that is all the message has, and undefined for a message with neither', async () => {
    const attached = await buildMime({
      ...mail,
      attachments: [{ fileName: 'invite.ics', contentType: 'application/ics', content: Buffer.from(calendar) }],
    });
    expect(await calendarOfMime(attached)).toBe(calendar);
    expect(await calendarOfMime(await buildMime(mail))).toBeUndefined();
  });
});
