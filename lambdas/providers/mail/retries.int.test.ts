import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/net.js';
import type { SandboxVendor } from '../../../infra/local/sandbox/router.js';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/server.js';
import { createMailAuths } from './mail-auth.js';
import { MailAuthFailure } from './port.js';

/** A provider having an outage: every call answers 503, and is counted. */
const hits: string[] = [];
const outage: SandboxVendor = {
  name: 'outage',
  summary: 'answers 503 to everything',
  register: (router) => {
    const down = (name: string) => () => {
      hits.push(name);
      return { status: 503, json: { error: 'temporarily_unavailable' } };
    };
    router
      .post('/google/token', down('google token'))
      .get('/gmail/v1/users/:userId/profile', down('gmail profile'))
      .post('/microsoft/:tenant/oauth2/v2.0/token', down('microsoft token'))
      .get('/microsoft/graph/v1.0/me', down('graph me'));
  },
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: await freePort(), vendors: [outage], log: () => {} });
});
afterAll(() => sandbox.stop());

const auths = () =>
  createMailAuths({
    GOOGLE_OAUTH_CLIENT_ID: 'c',
    GOOGLE_OAUTH_CLIENT_SECRET: 's',
    GOOGLE_OAUTH_BASE_URL: `${sandbox.url}/google`,
    GMAIL_API_BASE_URL: `${sandbox.url}/`,
    MICROSOFT_OAUTH_CLIENT_ID: 'c',
    MICROSOFT_OAUTH_CLIENT_SECRET: 's',
    MICROSOFT_AUTHORITY_BASE_URL: `${sandbox.url}/microsoft`,
    MICROSOFT_GRAPH_BASE_URL: `${sandbox.url}/microsoft/graph/`,
  });

describe('the mail sign-in adapters during an outage', () => {
  it('try each call twice (the policy: one retry), then fail as unavailable', async () => {
    const { gmail, outlook } = auths();
    const calls: [string, () => Promise<unknown>][] = [
      ['google token', () => gmail.refresh('1//x')],
      ['gmail profile', () => gmail.mailboxAddress('ya29.x')],
      ['microsoft token', () => outlook.refresh('M.C5_R.x')],
      ['graph me', () => outlook.mailboxAddress('EwB.x')],
    ];
    for (const [name, call] of calls) {
      hits.length = 0;
      const failure = await call().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, name).toBeInstanceOf(MailAuthFailure);
      expect((failure as MailAuthFailure).kind, name).toBe('unavailable');
      expect(hits, name).toEqual([name, name]);
    }
  });
});
