/**
 * The scopes each mailbox sign-in asks for: constants of their own, so that a sign-in port answers them before its
 * adapter (google.ts, microsoft.ts) is imported (mail-auth.ts imports each adapter on its first call).
 */

/**
 * Least privilege for Gmail: `gmail.send` to send as the user, and `gmail.readonly` to find replies (`history.list`,
 * `users.watch`, `users.getProfile`) and show them with their body. `gmail.metadata` would detect replies but never
 * returns a message body (SPEC: a reply is shown); `gmail.modify`, `gmail.compose` and `mail.google.com` allow
 * changing or deleting mail, which the product never does.
 * @link https://developers.google.com/workspace/gmail/api/auth/scopes
 */
export const googleScopes = [
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.readonly',
] as const;

/**
 * Least privilege for Outlook: `Mail.Send` to send as the user; `Mail.Read` to find replies (change notifications,
 * delta) and show them with their body (`Mail.ReadBasic` reads everything but the body and attachments, so a reply
 * could be detected but not shown); `Mail.ReadWrite` to create a draft, the only way Graph sends a message over its
 * 4 MB request limit (a résumé with its text: graph-mail.ts); the app changes or deletes no other mail. `User.Read`
 * for `/me` (the mailbox's address); `offline_access` for a refresh token.
 * @link https://learn.microsoft.com/en-us/graph/permissions-reference#mailreadwrite
 * @link https://learn.microsoft.com/en-us/graph/outlook-large-attachments
 */
export const microsoftScopes = ['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read', 'Mail.ReadWrite'] as const;

/** What a mailbox connected before `Mail.ReadWrite` was asked for was granted (its scopes were not kept then). */
export const microsoftScopesBeforeDrafts = ['offline_access', 'User.Read', 'Mail.Send', 'Mail.Read'] as const;
