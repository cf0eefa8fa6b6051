import { describe, expect, it } from 'vitest';
import { readZoomSettings } from '../../lambdas/providers/meetings/settings.js';
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
