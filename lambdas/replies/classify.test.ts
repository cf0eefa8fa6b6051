import { describe, expect, it } from 'vitest';
import type { MailboxMessage } from '../providers/mail/port.js';
import { classifyIncoming, headerLabel, ownText } from './classify.js';

const own = 'me@gmail.test';

const message = (overrides: Partial<MailboxMessage> = {}): MailboxMessage => ({
  providerMessageId: 'm1',
  threadId: 't1',
  messageId: '<reply-1@example.com>',
  inReplyTo: '<draft-1@gmail.test>',
  references: ['<draft-1@gmail.test>'],
  from: { email: 'grace@example.com', name: 'Grace Hopper' },
  to: [own],
  subject: 'Re: Coffee next week?',
  body: 'Sounds good, Tuesday works.',
  receivedAt: new Date('2026-01-05T10:00:00.000Z'),
  headers: {},
  ...overrides,
});

describe('classifying an incoming message', () => {
  it("ignores the mailbox's own address in any case, and messages this product sent", () => {
    expect(classifyIncoming(message({ from: { email: 'Me@Gmail.test', name: null } }), own)).toBe('own');
    expect(classifyIncoming(message({ headers: { 'x-outreach-draft-id': 'd1' } }), own)).toBe('own');
  });

  it('takes a plain answer for a reply', () => {
    expect(classifyIncoming(message(), own)).toBe('reply');
  });

  it('recognises bounces by their sender, their report type or X-Failed-Recipients', () => {
    expect(classifyIncoming(message({ from: { email: 'mailer-daemon@googlemail.com', name: null } }), own)).toBe(
      'bounce',
    );
    expect(classifyIncoming(message({ from: { email: 'postmaster@example.com', name: null } }), own)).toBe('bounce');
    expect(
      classifyIncoming(
        message({ headers: { 'content-type': 'multipart/report; report-type=delivery-status; boundary=x' } }),
        own,
      ),
    ).toBe('bounce');
    expect(classifyIncoming(message({ headers: { 'x-failed-recipients': 'grace@example.com' } }), own)).toBe('bounce');
  });

  it('recognises automatic answers by their headers and out-of-office subjects', () => {
    for (const headers of <Record<string, string>[]>[
      { 'auto-submitted': 'auto-replied' },
      { 'auto-submitted': 'auto-generated' },
      { 'x-autoreply': 'yes' },
      { 'x-autorespond': 'true' },
      { precedence: 'auto_reply' },
      { precedence: 'bulk' },
    ]) {
      expect(classifyIncoming(message({ headers }), own), JSON.stringify(headers)).toBe('auto_reply');
    }
    for (const subject of ['Out of Office: Coffee next week?', 'Automatic reply: Coffee', 'Re: Auto-Reply', 'OOO']) {
      expect(classifyIncoming(message({ subject }), own), subject).toBe('auto_reply');
    }
  });

  it("counts Auto-Submitted: no as a person's reply", () => {
    expect(classifyIncoming(message({ headers: { 'auto-submitted': 'no' } }), own)).toBe('reply');
  });
});

describe('what the headers alone say (reply triage: headers first)', () => {
  it.each([
    [{ 'auto-submitted': 'auto-replied' }, 'out_of_office'],
    [{ 'auto-submitted': 'auto-generated; type=vacation' }, 'out_of_office'],
    [{ precedence: 'auto_reply' }, 'out_of_office'],
    [{ precedence: 'bulk' }, 'out_of_office'],
    [{ 'x-autoreply': 'yes' }, 'out_of_office'],
    [{ 'x-failed-recipients': 'grace@example.com' }, 'bounce'],
    [{ 'content-type': 'multipart/report; report-type=delivery-status; boundary=x' }, 'bounce'],
  ])('%o -> %s', (headers, classification) => {
    expect(headerLabel(message({ headers }))).toEqual({ classification, classifiedBy: 'headers' });
  });

  it("labels a mailer daemon's message a bounce whatever its headers", () => {
    expect(headerLabel(message({ from: { email: 'MAILER-DAEMON@example.com', name: null } }))).toEqual({
      classification: 'bounce',
      classifiedBy: 'headers',
    });
  });

  it("leaves a person's answer, and one with Auto-Submitted: no, to the text; an out-of-office subject too", () => {
    expect(headerLabel(message())).toBeNull();
    expect(headerLabel(message({ headers: { 'auto-submitted': 'no' } }))).toBeNull();
    expect(headerLabel(message({ subject: 'Out of office: Coffee next week?' }))).toBeNull();
  });
});

describe("the contact's own words", () => {
  it('leave out the quoted e-mail and its footer', () => {
    const body = 'Happy to chat on Friday.\n\nOn Mon, Jan 5, Ada wrote:\n> Hi Grace\n> To unsubscribe, reply STOP';
    expect(ownText(body)).toBe('Happy to chat on Friday.\n');
    expect(ownText('> unsubscribe\nThanks, talk soon')).toBe('Thanks, talk soon');
  });
});
