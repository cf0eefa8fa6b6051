import { interfaceLanguageOf, type interfaceLanguages } from '../../shared/languages.js';
import type { MailSetting } from '../../shared/schemas/notifications.js';

/** A language the notification e-mails are written in: the interface's (SPEC §3 `language`). */
export type MailLanguage = (typeof interfaceLanguages)[number];

/**
 * The texts of the notification e-mails (SPEC §3 `emailNotifications`, `reminderNotifications`; DESIGN §9
 * 'Notification e-mails'), one set per interface language: an e-mail is written in the user's chosen language
 * (`settings.language`), its times in that language and the user's time zone. The type makes every language give
 * every text; messages.test.ts checks that none is empty or left in English.
 */
export type NotificationTexts = {
  replyOne: {
    subject: (name: string) => string;
    /** `when`: the reply's date and time as the user's language and zone write it */
    lead: (name: string, email: string, when: string) => string;
    action: string;
  };
  replyMany: {
    subject: (count: number) => string;
    lead: (count: number) => string;
    /** one reply of the list: 'Ada Lovelace (ada@example.com), 2 Mar 2026, 10:00' */
    line: (name: string, email: string, when: string) => string;
    more: (count: number) => string;
    action: string;
  };
  meetingReminder: {
    subject: (title: string) => string;
    lead: (title: string, name: string, time: string) => string;
    join: string;
    action: string;
  };
  summary: {
    subject: (count: number) => string;
    lead: string;
    followUp: (name: string, time: string) => string;
    scheduled: (name: string, time: string) => string;
    action: string;
  };
  footer: {
    reason: (setting: MailSetting) => string;
    unsubscribe: string;
  };
};

const en: NotificationTexts = {
  replyOne: {
    subject: (name) => `${name} replied to you`,
    lead: (name, email, when) => `${name} (${email}) replied to your e-mail (${when}).`,
    action: 'Open the conversation',
  },
  replyMany: {
    subject: (count) => `${count} new replies`,
    lead: (count) => `${count} contacts replied to your e-mails:`,
    line: (name, email, when) => `${name} (${email}), ${when}`,
    more: (count) => `and ${count} more`,
    action: 'See your replies',
  },
  meetingReminder: {
    subject: (title) => `Starting in 60 minutes: ${title}`,
    lead: (title, name, time) => `${title} with ${name} starts at ${time}.`,
    join: 'Join the meeting',
    action: 'Open your meetings',
  },
  summary: {
    subject: (count) => (count === 1 ? 'Going out today: 1 e-mail' : `Going out today: ${count} e-mails`),
    lead: 'These e-mails are scheduled to go out today:',
    followUp: (name, time) => `Follow-up to ${name} at ${time}`,
    scheduled: (name, time) => `E-mail to ${name} at ${time}`,
    action: 'Open Outreach',
  },
  footer: {
    reason: (setting) =>
      setting === 'emailNotifications'
        ? 'You get this e-mail because reply notifications are on in your settings.'
        : 'You get this e-mail because reminders are on in your settings.',
    unsubscribe: 'Unsubscribe',
  },
};

const de: NotificationTexts = {
  replyOne: {
    subject: (name) => `${name} hat Ihnen geantwortet`,
    lead: (name, email, when) => `${name} (${email}) hat auf Ihre E-Mail geantwortet (${when}).`,
    action: 'Unterhaltung öffnen',
  },
  replyMany: {
    subject: (count) => `${count} neue Antworten`,
    lead: (count) => `${count} Kontakte haben auf Ihre E-Mails geantwortet:`,
    line: (name, email, when) => `${name} (${email}), ${when}`,
    more: (count) => `und ${count} weitere`,
    action: 'Antworten ansehen',
  },
  meetingReminder: {
    subject: (title) => `Beginnt in 60 Minuten: ${title}`,
    lead: (title, name, time) => `${title} mit ${name} beginnt um ${time}.`,
    join: 'Am Meeting teilnehmen',
    action: 'Meetings öffnen',
  },
  summary: {
    subject: (count) => (count === 1 ? 'Geht heute raus: 1 E-Mail' : `Geht heute raus: ${count} E-Mails`),
    lead: 'Diese E-Mails werden heute versendet:',
    followUp: (name, time) => `Nachfassen bei ${name} um ${time}`,
    scheduled: (name, time) => `E-Mail an ${name} um ${time}`,
    action: 'Outreach öffnen',
  },
  footer: {
    reason: (setting) =>
      setting === 'emailNotifications'
        ? 'Sie erhalten diese E-Mail, weil Benachrichtigungen über Antworten in Ihren Einstellungen aktiviert sind.'
        : 'Sie erhalten diese E-Mail, weil Erinnerungen in Ihren Einstellungen aktiviert sind.',
    unsubscribe: 'Abbestellen',
  },
};

const fr: NotificationTexts = {
  replyOne: {
    subject: (name) => `${name} vous a répondu`,
    lead: (name, email, when) => `${name} (${email}) a répondu à votre e-mail (${when}).`,
    action: 'Ouvrir la conversation',
  },
  replyMany: {
    subject: (count) => `${count} nouvelles réponses`,
    lead: (count) => `${count} contacts ont répondu à vos e-mails :`,
    line: (name, email, when) => `${name} (${email}), ${when}`,
    more: (count) => `et ${count} de plus`,
    action: 'Voir vos réponses',
  },
  meetingReminder: {
    subject: (title) => `Commence dans 60 minutes : ${title}`,
    lead: (title, name, time) => `${title} avec ${name} commence à ${time}.`,
    join: 'Rejoindre la réunion',
    action: 'Ouvrir vos réunions',
  },
  summary: {
    subject: (count) => (count === 1 ? "Envoi aujourd'hui : 1 e-mail" : `Envois aujourd'hui : ${count} e-mails`),
    lead: "Ces e-mails sont programmés pour partir aujourd'hui :",
    followUp: (name, time) => `Relance à ${name} à ${time}`,
    scheduled: (name, time) => `E-mail à ${name} à ${time}`,
    action: 'Ouvrir Outreach',
  },
  footer: {
    reason: (setting) =>
      setting === 'emailNotifications'
        ? 'Vous recevez cet e-mail car les notifications de réponse sont activées dans vos paramètres.'
        : 'Vous recevez cet e-mail car les rappels sont activés dans vos paramètres.',
    unsubscribe: 'Se désabonner',
  },
};

const es: NotificationTexts = {
  replyOne: {
    subject: (name) => `${name} te ha respondido`,
    lead: (name, email, when) => `${name} (${email}) ha respondido a tu correo (${when}).`,
    action: 'Abrir la conversación',
  },
  replyMany: {
    subject: (count) => `${count} respuestas nuevas`,
    lead: (count) => `${count} contactos han respondido a tus correos:`,
    line: (name, email, when) => `${name} (${email}), ${when}`,
    more: (count) => `y ${count} más`,
    action: 'Ver tus respuestas',
  },
  meetingReminder: {
    subject: (title) => `Empieza en 60 minutos: ${title}`,
    lead: (title, name, time) => `${title} con ${name} empieza a las ${time}.`,
    join: 'Unirse a la reunión',
    action: 'Abrir tus reuniones',
  },
  summary: {
    subject: (count) => (count === 1 ? 'Sale hoy: 1 correo' : `Salen hoy: ${count} correos`),
    lead: 'Estos correos están programados para salir hoy:',
    followUp: (name, time) => `Seguimiento a ${name} a las ${time}`,
    scheduled: (name, time) => `Correo a ${name} a las ${time}`,
    action: 'Abrir Outreach',
  },
  footer: {
    reason: (setting) =>
      setting === 'emailNotifications'
        ? 'Recibes este correo porque las notificaciones de respuestas están activadas en tu configuración.'
        : 'Recibes este correo porque los recordatorios están activados en tu configuración.',
    unsubscribe: 'Darse de baja',
  },
};

export const notificationTexts: Record<MailLanguage, NotificationTexts> = { en, de, fr, es };

/** The language a user's e-mails are written in: their setting's interface language ('en-GB' English, 'pt' English). */
export const mailLanguageOf = (setting: string | null | undefined) => interfaceLanguageOf(setting) as MailLanguage;

/** The locale an e-mail's times are written in: English as the app writes it (24-hour, day before month). */
const locales: Record<MailLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

/** '14:05' (de '14:05', en '14:05'): a time of day in the user's language and time zone. */
export const timeIn = (iso: string, language: MailLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(locales[language], { timeZone, timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));

/** '2 Mar 2026, 11:00' (de '02.03.2026, 11:00'): a date and time in the user's language and time zone. */
export const dateTimeIn = (iso: string, language: MailLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(locales[language], {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** what the unsubscribe link refuses (an API error, in English as every API error is): changed, forged or gone */
export const invalidLinkMessage = 'This unsubscribe link is not valid.';
