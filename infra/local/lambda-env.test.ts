import { describe, expect, it } from 'vitest';
import { readZoomSettings } from '../../lambdas/providers/meetings/settings.js';
import { secretNames, secretNameVariable, settingNames } from '../../shared/bindings.js';
import { lambdaEnvironment, localZoom } from './lambda-env.js';

describe('the local Lambda environment', () => {
  it("points the Zoom adapter at the sandbox with the sandbox app's client and webhook secret", () => {
    const env = lambdaEnvironment({ sandboxEndpoint: 'http://127.0.0.1:4010', apiUrl: 'http://localhost:3001' });
    expect(readZoomSettings(env)).toEqual({
      clientId: 'sandbox-zoom-client',
      clientSecret: 'sandbox-zoom-client-secret',
      clientSecretName: undefined,
      oauthBaseUrl: 'http://127.0.0.1:4010/zoom',
      apiBaseUrl: 'http://127.0.0.1:4010/zoom/v2',
      webhookSecret: localZoom.webhookSecret,
      webhookSecretName: undefined,
    });
    expect(localZoom.webhook('http://localhost:3001')).toBe('http://localhost:3001/api/webhooks/zoom');
  });

  it('leaves Zoom to its real defaults without a sandbox', () => {
    const env = lambdaEnvironment({});
    expect(Object.keys(env).filter((name) => name.startsWith('ZOOM_'))).toEqual([]);
  });
});

describe('the local Lambda environment and the bindings manifest (shared/bindings.ts)', () => {
  const env = lambdaEnvironment({
    sandboxEndpoint: 'http://127.0.0.1:4010',
    apiUrl: 'http://localhost:3001',
    userPoolId: 'local_pool',
  });

  it("gives every secret of the manifest its local value, never a Secrets Manager secret's name", () => {
    for (const name of secretNames) {
      expect({ name, value: env[name] }).toEqual({ name, value: expect.stringMatching(/./) });
      expect(env[secretNameVariable(name)]).toBeUndefined();
    }
  });

  it("sets every setting of the manifest, but those left to the Lambdas' defaults", () => {
    expect(settingNames.filter((name) => env[name] === undefined)).toEqual(['MICROSOFT_TENANT', 'OPENAI_MODEL']);
  });
});
