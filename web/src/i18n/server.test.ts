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

const textsOf = (value: unknown, path: string, into: Record<string, string> = {}) => {
  if (typeof value === 'string') into[path] = value;
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) textsOf(inner, path ? `${path}.${key}` : key, into);
  return into;
};

afterEach(async () => {
  await setLanguage('en');
});

describe("the server's texts in the interface's language", () => {
  it("files every text the server may answer with, in the server's own words", () => {
    const served = Object.fromEntries(
      Object.entries(textsOf(tables, '')).filter(
        ([path]) => !notShown.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
      ),
    );
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
    // a text naming what only the server knows stays as it was written
    expect(failure(draftMessages.doNotContact('ada@example.com')).message).toBe(
      draftMessages.doNotContact('ada@example.com'),
    );

    await setLanguage('es');
    expect(failure(messages.status[500]).message).toBe('Error del servidor. Inténtelo de nuevo más tarde.');
  });
});
