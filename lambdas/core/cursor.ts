import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Page cursors the client hands back untouched: the position in base64url, then an HMAC-SHA256 of it and of its
 * scope (the user and the list's query), so a cursor works only for the user and the list it was given for. An
 * altered cursor, one of another user or another query, or one signed with another key opens to nothing.
 */
export type CursorSigner = {
  seal: (scope: string, position: unknown) => Promise<string>;
  /** the position sealed for `scope`, or undefined when the cursor was not sealed here for it */
  open: (scope: string, cursor: string) => Promise<unknown>;
};

const signature = (key: string, scope: string, payload: string) =>
  createHmac('sha256', key).update(scope).update('\n').update(payload).digest();

/**
 * @param key the signing key, or a reader of it (a Secrets Manager secret read when first needed): a Lambda's
 * `CURSOR_SIGNING_KEY` binding (lambdas/core/config.ts `domainConfig`)
 */
export const cursorSigner = (key: string | (() => Promise<string>)): CursorSigner => {
  const keyOf = typeof key === 'string' ? () => Promise.resolve(key) : key;
  return {
    seal: async (scope, position) => {
      const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${payload}.${signature(await keyOf(), scope, payload).toString('base64url')}`;
    },
    open: async (scope, cursor) => {
      const [payload, mac, ...rest] = cursor.split('.');
      if (!payload || !mac || rest.length > 0) return undefined;
      const expected = signature(await keyOf(), scope, payload);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
};
