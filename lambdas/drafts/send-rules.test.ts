import { describe, expect, it } from 'vitest';
import { draftMessages } from '../../shared/schemas/drafts.js';
import { zonedTime } from '../core/wall-clock.js';
import { draftMessageId, followUpText, followUpTime, replySubject, sendTarget } from './send-rules.js';

describe('followUpTime (DESIGN §6: followUpDelay days later at followUpTime in the user’s time zone)', () => {
  it('lands on the local time after a spring-forward change (New York: EST to EDT)', () => {
    // Friday 6 March 2026 10:00 EST; Monday 9 March 09:00 is EDT (UTC-4)
    expect(
      followUpTime(new Date('2026-03-06T15:00:00Z'), { delayDays: 3, time: '09:00', timeZone: 'America/New_York' }),
    ).toEqual(new Date('2026-03-09T13:00:00Z'));
  });

  it('lands on the local time after a fall-back change (London: BST to GMT)', () => {
    // Friday 23 October 2026 16:00 BST; Monday 26 October 09:00 is GMT
    expect(
      followUpTime(new Date('2026-10-23T15:00:00Z'), { delayDays: 3, time: '09:00', timeZone: 'Europe/London' }),
    ).toEqual(new Date('2026-10-26T09:00:00Z'));
  });

  it('counts days on the user’s calendar, not UTC’s (Tokyo is already on the next day)', () => {
    // 23:30 UTC on 24 November is 08:30 on 25 November in Tokyo (UTC+9)
    expect(
      followUpTime(new Date('2026-11-24T23:30:00Z'), { delayDays: 1, time: '09:00', timeZone: 'Asia/Tokyo' }),
    ).toEqual(new Date('2026-11-26T00:00:00Z'));
  });

  it('rolls over months and years, in UTC by default settings', () => {
    expect(followUpTime(new Date('2026-12-30T18:00:00Z'), { delayDays: 3, time: '09:00', timeZone: 'UTC' })).toEqual(
      new Date('2027-01-02T09:00:00Z'),
    );
  });

  it('reads a wall-clock time of a zone with its own offset on either side of a change', () => {
    expect(zonedTime({ year: 2026, month: 3, day: 8, hour: 1, minute: 30 }, 'America/New_York')).toEqual(
      new Date('2026-03-08T06:30:00Z'),
    );
    expect(zonedTime({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 }, 'America/New_York')).toEqual(
      new Date('2026-03-08T07:30:00Z'),
    );
  });
});

describe('send rules', () => {
  it('sends to a valid address, and to a risky one only once the person confirmed that address (DESIGN §9)', () => {
    expect(sendTarget({ email: ' grace@navy.example ', emailQevStatus: 'valid' })).toEqual({
      to: 'grace@navy.example',
    });
    expect(
      sendTarget({
        email: 'grace@navy.example',
        emailQevStatus: 'accept_all',
        emailConfirmedFor: 'grace@navy.example',
      }),
    ).toEqual({ to: 'grace@navy.example' });
    // a confirmation of an earlier address is not one of this address
    expect(
      sendTarget({ email: 'grace@navy.example', emailQevStatus: 'accept_all', emailConfirmedFor: 'old@navy.example' }),
    ).toEqual({
      refusal: {
        status: 409,
        code: 'address_unconfirmed',
        message: draftMessages.unconfirmedAddress('grace@navy.example'),
      },
    });
  });

  it('refuses an invalid, unverified or missing address, saying which (SPEC §5)', () => {
    expect(sendTarget({ email: 'grace@navy.example', emailQevStatus: 'invalid' })).toEqual({
      refusal: { status: 400, code: 'unusable_address', message: draftMessages.invalidAddress('grace@navy.example') },
    });
    const none = { refusal: { status: 400, code: 'unusable_address', message: draftMessages.unusableAddress } };
    expect(sendTarget({ email: 'grace@navy.example' })).toEqual(none);
    expect(sendTarget({ email: '', emailQevStatus: 'valid' })).toEqual(none);
  });

  it("gives a draft's e-mail the same Message-ID on every attempt, in the sender's domain", () => {
    expect(draftMessageId('01JABC', 'Ada@Gmail.com')).toBe('<draft-01jabc@gmail.com>');
    expect(draftMessageId('01JABC', 'Ada@Gmail.com')).toBe(draftMessageId('01JABC', 'ada@gmail.com'));
  });

  it('answers in the thread with one Re:', () => {
    expect(replySubject('Compilers')).toBe('Re: Compilers');
    expect(replySubject('RE: Compilers')).toBe('RE: Compilers');
    expect(followUpText({ subject: 'Compilers', firstName: null, senderName: 'Ada' })).toEqual({
      subject: 'Re: Compilers',
      body: expect.stringMatching(/^Hi,\n\nI wanted to follow up on my e-mail about "Compilers"[\s\S]*\nAda$/),
    });
  });
});
