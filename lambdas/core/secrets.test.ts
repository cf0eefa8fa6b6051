import { describe, expect, it } from 'vitest';
import { lambdaExtensionSecret } from './secrets.js';

const env = { AWS_SESSION_TOKEN: 'session-token' };

describe('reading a secret through the Lambda extension', () => {
  it("asks the extension's port for the secret by name with the session token, and answers its text", async () => {
    const requests: { url: string; token: string | null }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      requests.push({ url, token: new Headers(init.headers).get('X-Aws-Parameters-Secrets-Token') });
      return Response.json({ Name: 'outreach/dev/openai-api-key', SecretString: 'sk-test\n' });
    }) as typeof fetch;

    const read = lambdaExtensionSecret('outreach/dev/openai-api-key', env, fetcher);

    expect(requests).toEqual([]);
    expect(await read()).toBe('sk-test');
    expect(requests).toEqual([
      {
        url: 'http://localhost:2773/secretsmanager/get?secretId=outreach%2Fdev%2Fopenai-api-key',
        token: 'session-token',
      },
    ]);
  });

  it('uses the port the extension is configured with', async () => {
    let asked = '';
    const fetcher = (async (url: string) => {
      asked = url;
      return Response.json({ SecretString: 'x' });
    }) as typeof fetch;
    await lambdaExtensionSecret('name', { ...env, PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2999' }, fetcher)();
    expect(asked).toMatch(/^http:\/\/localhost:2999\//);
  });

  it("fails naming the secret and the status, without the extension's answer", async () => {
    const fetcher = (async () => new Response('AccessDenied for sk-leaky', { status: 400 })) as unknown as typeof fetch;
    const failure = lambdaExtensionSecret('outreach/dev/openai-api-key', env, fetcher)();
    await expect(failure).rejects.toThrow(
      'Secret outreach/dev/openai-api-key could not be read (extension answered 400)',
    );
    await expect(failure).rejects.not.toThrow(/leaky/);
  });

  it('fails on a secret without a text value', async () => {
    const fetcher = (async () => Response.json({ SecretBinary: 'AAAA' })) as unknown as typeof fetch;
    await expect(lambdaExtensionSecret('binary', env, fetcher)()).rejects.toThrow('Secret binary has no text value');
  });
});
