import { describe, expect, it } from 'vitest';
import { loadWebConfig, WebConfigError } from './loadWebConfig';

const validConfig = {
  stage: 'local',
  apiUrl: 'http://localhost:3001',
  region: 'us-east-1',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  identityProviders: [],
  providers: { ai: 'sandbox' },
};

const answering =
  (body: BodyInit | null, init: ResponseInit = {}): typeof fetch =>
  async () =>
    new Response(body, init);

describe('loadWebConfig', () => {
  it('returns the configuration when /config.json is valid', async () => {
    const requested: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      requested.push(String(input));
      return Response.json(validConfig);
    };
    await expect(loadWebConfig({ fetch: fetchFn })).resolves.toEqual(validConfig);
    expect(requested).toEqual(['/config.json']);
  });

  it('accepts the AWS shape without a Cognito endpoint', async () => {
    const { cognitoEndpoint: _local, ...aws } = validConfig;
    const config = await loadWebConfig({ fetch: answering(JSON.stringify({ ...aws, authFlowType: 'USER_SRP_AUTH' })) });
    expect(config.cognitoEndpoint).toBeUndefined();
    expect(config.authFlowType).toBe('USER_SRP_AUTH');
  });

  it('names the fields that are missing or malformed', async () => {
    const { userPoolId: _missing, ...rest } = validConfig;
    const error = await loadWebConfig({ fetch: answering(JSON.stringify({ ...rest, apiUrl: 'not a url' })) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WebConfigError);
    expect((error as Error).message).toMatch(/invalid/);
    expect((error as Error).message).toContain('userPoolId');
    expect((error as Error).message).toContain('apiUrl');
  });

  it('refuses an unknown auth flow', async () => {
    await expect(
      loadWebConfig({ fetch: answering(JSON.stringify({ ...validConfig, authFlowType: 'CUSTOM_AUTH' })) }),
    ).rejects.toThrow(/authFlowType/);
  });

  it('fails with the status when the file is not served', async () => {
    await expect(loadWebConfig({ fetch: answering('Not found', { status: 404 }) })).rejects.toThrow(
      '/config.json answered 404',
    );
  });

  it('fails when the file is not JSON (an SPA fallback serving index.html)', async () => {
    await expect(loadWebConfig({ fetch: answering('<!doctype html><html></html>') })).rejects.toThrow(
      '/config.json is not JSON',
    );
  });

  it('fails when the origin cannot be reached', async () => {
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadWebConfig({ fetch: offline })).rejects.toThrow(WebConfigError);
  });
});
