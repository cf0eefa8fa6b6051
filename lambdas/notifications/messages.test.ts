import { describe, expect, it } from 'vitest';
import { interfaceLanguages } from '../../shared/languages.js';
import { mailSettings } from '../../shared/schemas/notifications.js';
import { dateTimeIn, mailLanguageOf, type NotificationTexts, notificationTexts, timeIn } from './messages.js';

/**
 * The notification e-mails speak every interface language (SPEC §3 `language`): each language gives each text,
 * none empty, none left in English, and each keeps the values it is given (a name, an address, a time).
 */
const samples = { name: 'Ada Lovelace', email: 'ada@contact.example', when: '«when»', title: 'Coffee chat', count: 7 };

/** every text of a set, by its path, as the e-mail would say it with the samples */
const said = (texts: NotificationTexts): Record<string, string> => {
  const { name, email, when, title, count } = samples;
  return {
    'replyOne.subject': texts.replyOne.subject(name),
    'replyOne.lead': texts.replyOne.lead(name, email, when),
    'replyOne.action': texts.replyOne.action,
    'replyMany.subject': texts.replyMany.subject(count),
    'replyMany.lead': texts.replyMany.lead(count),
    'replyMany.more': texts.replyMany.more(count),
    'replyMany.action': texts.replyMany.action,
    'meetingReminder.subject': texts.meetingReminder.subject(title),
    'meetingReminder.lead': texts.meetingReminder.lead(title, name, when),
    'meetingReminder.join': texts.meetingReminder.join,
    'meetingReminder.action': texts.meetingReminder.action,
    'summary.subject.one': texts.summary.subject(1),
    'summary.subject.other': texts.summary.subject(count),
    'summary.lead': texts.summary.lead,
    'summary.followUp': texts.summary.followUp(name, when),
    'summary.scheduled': texts.summary.scheduled(name, when),
    ...Object.fromEntries(mailSettings.map((setting) => [`footer.reason.${setting}`, texts.footer.reason(setting)])),
    'footer.unsubscribe': texts.footer.unsubscribe,
  };
};

/** the samples a text of English carries, which its translation must carry too */
const carried = (text: string) => Object.values(samples).filter((value) => text.includes(String(value)));

describe('notification e-mail texts', () => {
  it('has a complete set for every interface language', () => {
    expect(Object.keys(notificationTexts).sort()).toEqual([...interfaceLanguages].sort());
  });

  const english = said(notificationTexts.en);
  describe.each(interfaceLanguages.filter((language) => language !== 'en'))('%s', (language) => {
    const texts = said(notificationTexts[language]);
    it.each(Object.keys(english))('%s is translated and keeps its values', (key) => {
      const text = texts[key] ?? '';
      expect(text.trim()).not.toBe('');
      expect(text).not.toBe(english[key]);
      expect(carried(text)).toEqual(carried(english[key]!));
    });
  });

  it("reads a setting's language, English for one without a catalogue", () => {
    expect(mailLanguageOf('de')).toBe('de');
    expect(mailLanguageOf('fr-CA')).toBe('fr');
    expect(mailLanguageOf('pt')).toBe('en');
    expect(mailLanguageOf(undefined)).toBe('en');
  });

  it("writes times in the user's language and time zone", () => {
    const at = '2026-03-02T10:05:00.000Z';
    expect(timeIn(at, 'de', 'Europe/Berlin')).toBe('11:05');
    expect(timeIn(at, 'en', 'America/New_York')).toBe('05:05');
    expect(dateTimeIn(at, 'de', 'Europe/Berlin')).toBe('02.03.2026, 11:05');
    expect(dateTimeIn(at, 'fr', 'Europe/Paris')).toMatch(/^2 mars 2026.* 11:05$/);
  });
});
