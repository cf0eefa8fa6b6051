import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.js';
import { localAwsEndpoint } from './gateway.js';

const secret = 'a3f9c2e17b5d4c08a9e6f1b2c3d4e5f6';

/** The parts of a running stack the banner reads, as startLocalStack answers them. */
const stack = {
  webConfig: { userPoolId: 'local_pool', userPoolClientId: 'client123' },
  urls: {
    web: 'http://localhost:5173',
    api: 'http://localhost:3001',
    cognito: 'http://localhost:9229',
    dynamodb: 'http://localhost:8000',
    s3: 'http://localhost:4569',
    sandbox: 'http://localhost:4010',
    sqs: localAwsEndpoint('http://localhost:3001', secret),
  },
  env: { TABLE_NAME: 'outreach-local', BUCKET_NAME: 'outreach-local-files', LOCAL_SECRET: secret },
  queues: { names: () => ['email-lookup', 'send'] },
  streams: { names: () => ['dashboard-stats'] },
  localDir: `${process.cwd()}/.local`,
  timings: { dynamodb: 2100, web: 900 },
} as unknown as Parameters<typeof startBanner>[0];

describe('the npm start banner', () => {
  it('says where each part listens without printing the secret of the local queue endpoint', () => {
    const banner = startBanner(stack, '4.2');
    expect(banner).not.toContain(secret);
    expect(banner).toContain('http://localhost:3001/_aws/…');
    expect(banner).toContain('http://localhost:5173');
    expect(banner).toContain('queues: email-lookup, send');
  });
});
