// @vitest-environment happy-dom
import { messages } from '@shared/messages';
import { billingMessages } from '@shared/schemas/billing';
import { replyCheckMessages } from '@shared/schemas/conversations';
import { draftMessages } from '@shared/schemas/drafts';
import { mailboxMessages } from '@shared/schemas/mailboxes';
import { meetingMessages, zoomMessages } from '@shared/schemas/meetings';
import { sequenceMessages } from '@shared/schemas/sequences';
import { templateMessages } from '@shared/schemas/templates';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import english from './locales/en/server.json';
import { setLanguage } from './language';

/** The server's message tables, by the name the `server` catalogue files them under. */
const tables = {
  messages,
  templates: templateMessages,
  replyCheck: replyCheckMessages,
  billing: billingMessages,
  sequences: sequenceMessages,
  drafts: draftMessages,
  mailboxes: mailboxMessages,
  zoom: zoomMessages,
  meetings: meetingMessages,
};

/**
 * Texts of the tables that never reach a person as the server's answer: the web words these itself (the reset form,
 * the contact-limit dialog), or they answer only a caller that is not the app (a webhook's signature, a provider's
 * malformed answer, a request the app never makes).
 */
const notShown = [
  'messages.passwordReset',
  'messages.contacts.limitTitle',
  'messages.contacts.limitLater',
  'messages.contacts.limitUpgrade',
  'messages.auth.noUser',
  'messages.auth.noToken',
  'messages.auth.notAuthenticated',
  'drafts.contactIdRequired',
  // the app sends a reply or follow-up draft with its conversation, always
  'drafts.conversationIdRequired',
  'drafts.requiresConversation',
  // worded by how many spots are left ('this spot' / 'these spots'): the app names them itself before a send
  'drafts.unfilledPlaceholders',
  'drafts.invalidResponse',
  'drafts.expectedArray',
  'mailboxes.emailRequired',
  'mailboxes.codeOrTokenRequired',
  'mailboxes.disconnectNeedsId',
  'mailboxes.invalidExpiry',
  'billing.badSignature',
  'zoom.badSignature',
  'zoom.connected',
];

const isNotShown = (path: string) => notShown.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));

/**
 * Every text of `value` by its path; a text the server builds with values (a function of them) as the catalogue files
 * it, with `{{p0}}`, `{{p1}}`... where they go.
 */
const textsOf = (value: unknown, path: string, into: Record<string, string> = {}) => {
  if (typeof value === 'string') into[path] = value;
  else if (typeof value === 'function') {
    if (!isNotShown(path)) into[path] = value(...Array.from({ length: value.length }, (_, index) => `{{p${index}}}`));
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) textsOf(inner, path ? `${path}.${key}` : key, into);
  return into;
};

afterEach(async () => {
  await setLanguage('en');
});

describe("the server's texts in the interface's language", () => {
  it("files every text the server may answer with, in the server's own words", () => {
    const served = Object.fromEntries(Object.entries(textsOf(tables, '')).filter(([path]) => !isNotShown(path)));
    expect(textsOf(english, '')).toEqual(served);
  });

  it('shows a failure in German while the interface is German, and as the server wrote it otherwise', async () => {
    const failure = (message: string) => new ApiError({ status: 404, code: 'not_found', message });
    expect(failure(messages.contacts.notFound).message).toBe('Contact not found');

    await setLanguage('de');
    expect(failure(messages.contacts.notFound).message).toBe('Kontakt nicht gefunden');
    expect(failure(draftMessages.replyAlreadySent).message).toBe(
      'In dieser Unterhaltung wurde bereits eine Antwort gesendet',
    );
    // a text with values the server put in: the values as the server wrote them, in their places
    expect(failure(draftMessages.doNotContact('ada@example.com')).message).toBe(
      'ada@example.com steht auf Ihrer Nicht-kontaktieren-Liste, daher wird nichts an sie gesendet.',
    );
    expect(failure(draftMessages.rateLimited(30, 'ada+work@example.com')).message).toBe(
      'Der E-Mail-Anbieter bat darum, langsamer zu senden; das Senden von ada+work@example.com geht in 30 s weiter',
    );
    // a value with what a pattern means ('.', '(', '$') is only a value
    expect(failure(replyCheckMessages.failed('quota (daily) exceeded: $1.00 *')).message).toBe(
      'Die Suche nach Antworten ist fehlgeschlagen: quota (daily) exceeded: $1.00 *',
    );
    // a text the server does not file stays as it was written
    expect(failure('Something only this server says').message).toBe('Something only this server says');

    await setLanguage('es');
    expect(failure(messages.status[500]).message).toBe('Error del servidor. Inténtelo de nuevo más tarde.');
  });
});
