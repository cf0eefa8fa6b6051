import * as z from 'zod/mini';
import { mailSettings, type MailSetting, type Unsubscribed } from '../../shared/schemas/notifications.js';
import { type CursorSigner, cursorSigner } from '../core/cursor.js';
import { HttpError } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { getUserProfile, setUserSettings } from '../data/user-profile.js';
import { unsubscribePagePath } from './links.js';
import { invalidLinkMessage, mailLanguageOf } from './messages.js';

/**
 * Unsubscribe links (DESIGN §9, RFC 8058): the link's token names the user and the setting, signed with HMAC-SHA256
 * under `NOTIFICATION_SIGNING_KEY` (lambdas/core/cursor.ts, with its own scope), so a token cannot be made for
 * another user or another setting, and a changed one opens to nothing. It never expires: an old e-mail's link keeps
 * working, as mail clients expect of `List-Unsubscribe`.
 */
const scope = 'notification-unsubscribe';
const claimsSchema = z.strictObject({
  uid: z.string().check(z.minLength(1), z.maxLength(128)),
  setting: z.enum(mailSettings),
});

export type UnsubscribeLinks = {
  /** the token of (user, setting) */
  token: (uid: string, setting: MailSetting) => Promise<string>;
  /** the user and setting a token names, or null when it was not signed here */
  open: (token: string) => Promise<z.infer<typeof claimsSchema> | null>;
};

export const unsubscribeLinks = (key: string | (() => Promise<string>)): UnsubscribeLinks => {
  const signer: CursorSigner = cursorSigner(key);
  return {
    token: (uid, setting) => signer.seal(scope, { uid, setting }),
    open: async (token) => {
      const parsed = claimsSchema.safeParse(await signer.open(scope, token));
      return parsed.success ? parsed.data : null;
    },
  };
};

/** `<url>?token=...`: the link an e-mail carries, on the API's unsubscribe route. */
export const unsubscribeUrl = async (links: UnsubscribeLinks, baseUrl: string, uid: string, setting: MailSetting) => {
  const url = new URL(baseUrl);
  url.searchParams.set('token', await links.token(uid, setting));
  return url.toString();
};

export const invalidLink = () => new HttpError(400, invalidLinkMessage, { code: 'invalid_token' });

/**
 * POST /api/notification-emails/unsubscribe: turns the setting the token names off (a repeat changes nothing more).
 * A token not signed here is refused (400), as is one of an account that is gone.
 */
export const unsubscribe = async (
  deps: { db: DataClient; links: UnsubscribeLinks; now: () => Date },
  token: string,
): Promise<Unsubscribed> => {
  const claims = await deps.links.open(token);
  if (!claims) throw invalidLink();
  const profile = await setUserSettings(deps.db, claims.uid, { [claims.setting]: false }, deps.now().toISOString());
  if (!profile) throw invalidLink();
  return { setting: claims.setting, enabled: false };
};

/**
 * GET of the e-mail's link: the web app's unsubscribe page for the token (RFC 8058 §3.1: a GET changes nothing), in
 * the language the e-mail was written in (the user's), which a signed-out browser could not know. A token not signed
 * here goes nowhere (400), as its POST would.
 */
export const unsubscribePageUrl = async (
  deps: { db: DataClient; links: UnsubscribeLinks; webOrigin: string },
  token: string,
) => {
  const claims = await deps.links.open(token);
  if (!claims) throw invalidLink();
  const profile = await getUserProfile(deps.db, claims.uid, ['settings']);
  const page = new URL(unsubscribePagePath, deps.webOrigin === '*' ? 'http://localhost:5173' : deps.webOrigin);
  page.searchParams.set('token', token);
  page.searchParams.set('lang', mailLanguageOf(profile?.settings?.language));
  return page.toString();
};
