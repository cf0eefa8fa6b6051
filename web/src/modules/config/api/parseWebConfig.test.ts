import { describe, expect, it } from 'vitest';
import { webConfigSchema } from '@shared/web-config';
import { parseWebConfig } from './parseWebConfig';

const local = {
  stage: 'local',
  apiUrl: 'http://localhost:3001',
  region: 'us-east-1',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  identityProviders: [],
  providers: { ai: 'sandbox', mail: 'sandbox' },
};

const { cognitoEndpoint: _local, ...aws } = {
  ...local,
  authFlowType: 'USER_SRP_AUTH',
  oauthDomain: 'auth.example.com',
  identityProviders: ['Google', 'Microsoft'],
  providers: { ai: 'real' },
  analytics: { endpoint: 'https://collect.example.com/v1' },
  redditPixelId: 't2_abc123',
};

const without = (key: string) => Object.fromEntries(Object.entries(local).filter(([name]) => name !== key));

/** Bodies `config.json` could hold: the two real shapes, and each way a deploy could get one wrong. */
const bodies: [string, unknown][] = [
  ['the local shape', local],
  ['the AWS shape', aws],
  ['unknown keys beside the known ones', { ...local, extra: true }],
  ['URLs with spaces around them', { ...local, apiUrl: '  http://localhost:3001  ' }],
  ['a URL with a line break inside', { ...local, apiUrl: 'http://local\nhost:3001' }],
  ['null', null],
  ['an array', [local]],
  ['a string', 'config'],
  ...Object.keys(local)
    .filter((key) => key !== 'cognitoEndpoint')
    .map((key): [string, unknown] => [`no ${key}`, without(key)]),
  ['an API URL that is not a URL', { ...local, apiUrl: 'not a url' }],
  ['a Cognito endpoint that is not a URL', { ...local, cognitoEndpoint: 'localhost' }],
  ['a number as the region', { ...local, region: 1 }],
  ['an unknown auth flow', { ...local, authFlowType: 'CUSTOM_AUTH' }],
  ['an unknown identity provider', { ...local, identityProviders: ['Google', 'Facebook'] }],
  ['identity providers as a string', { ...local, identityProviders: 'Google' }],
  ['a provider neither real nor sandbox', { ...local, providers: { ai: 'fake' } }],
  ['providers as a list', { ...local, providers: ['real'] }],
  ['an analytics endpoint that is not a URL', { ...local, analytics: { endpoint: 'collect' } }],
  ['analytics without an endpoint', { ...local, analytics: {} }],
  ['a Reddit pixel id that is not one', { ...local, redditPixelId: "t2');alert(1);('" }],
  ['an empty Reddit pixel id', { ...local, redditPixelId: '' }],
  ['a null OAuth domain', { ...local, oauthDomain: null }],
  ['two fields wrong at once', { ...without('userPoolId'), apiUrl: 'not a url' }],
];

describe('parseWebConfig', () => {
  it.each(bodies)('agrees with the schema of shared/web-config.ts on %s', (_, body) => {
    const expected = webConfigSchema.safeParse(body);
    const actual = parseWebConfig(body);
    expect(actual.success).toBe(expected.success);
    if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
    if (!expected.success && !actual.success) {
      const fields = expected.error.issues.map((issue) =>
        issue.path[0] === undefined ? '(root)' : String(issue.path[0]),
      );
      expect(actual.invalidFields).toEqual([...new Set(fields)]);
    }
  });

  it('checks every field the schema has', () => {
    const missingAll = parseWebConfig({});
    const optional = ['liveUrl', 'cognitoEndpoint', 'oauthDomain', 'analytics', 'redditPixelId'];
    expect(missingAll.success ? [] : missingAll.invalidFields).toEqual(
      Object.keys(webConfigSchema.shape).filter((key) => !optional.includes(key)),
    );
  });
});
