import { describe, expect, it } from 'vitest';
import { domainConfig, readConfig } from './config.js';
import { cursorSigner } from './cursor.js';

describe('readConfig', () => {
  it('parses an environment once: asked again with the same values, it answers the same settings', () => {
    const env = { TABLE_NAME: 'table-a', CORS_ORIGIN: 'http://localhost:5173' };
    const first = readConfig(env);
    expect(first).toEqual({
      tableName: 'table-a',
      bucketName: undefined,
      stage: 'local',
      corsOrigin: 'http://localhost:5173',
      version: 'dev',
    });
    expect(readConfig({ ...env })).toBe(first);
  });

  it('parses again when a value changed since, and refuses an incomplete environment every time', () => {
    const first = readConfig({ TABLE_NAME: 'table-b' });
    const changed = readConfig({ TABLE_NAME: 'table-b', STAGE: 'prod' });
    expect(changed).not.toBe(first);
    expect(changed).toMatchObject({ tableName: 'table-b', stage: 'prod' });
    expect(readConfig({ TABLE_NAME: 'table-c', STAGE: 'prod' }).tableName).toBe('table-c');
    expect(() => readConfig({})).toThrow('Lambda environment is incomplete: TABLE_NAME');
    expect(() => readConfig({})).toThrow('Lambda environment is incomplete: TABLE_NAME');
  });
});

describe('domainConfig', () => {
  const env = { TABLE_NAME: 'table-d' };
  const signer = cursorSigner('test-key');

  it('takes a bound secret from the environment, or reads the named secret when first needed', async () => {
    const local = cursorSigner(
      domainConfig('contacts', { ...env, CURSOR_SIGNING_KEY: 'test-key' }).secret('CURSOR_SIGNING_KEY'),
    );
    expect(await local.open('s', await signer.seal('s', 1))).toBe(1);

    const asked: string[] = [];
    const config = domainConfig(
      'drafts',
      { ...env, CURSOR_SIGNING_KEY_SECRET: 'outreach/dev/cursor-signing-key' },
      (name) => {
        asked.push(name);
        return async () => 'test-key';
      },
    );
    const fromSecret = cursorSigner(config.secret('CURSOR_SIGNING_KEY'));
    expect(asked).toEqual(['outreach/dev/cursor-signing-key']);
    expect(await fromSecret.open('s', await signer.seal('s', 2))).toBe(2);

    expect(() => domainConfig('contacts', env).secret('CURSOR_SIGNING_KEY')).toThrow(
      'Lambda environment is incomplete: CURSOR_SIGNING_KEY or CURSOR_SIGNING_KEY_SECRET',
    );
  });

  it("reads the domain's settings, and what every Lambda reads", () => {
    const config = domainConfig('billing', { ...env, STRIPE_PRICE_PRO: 'price_pro', STRIPE_PRICE_STARTER: '' });
    expect(config.tableName).toBe('table-d');
    expect(config.setting('STRIPE_PRICE_PRO')).toBe('price_pro');
    expect(config.setting('STRIPE_PRICE_STARTER')).toBeUndefined();
    // @ts-expect-error the contacts domain is not bound to Stripe's key (shared/bindings.ts)
    expect(() => domainConfig('contacts', env).secret('STRIPE_SECRET_KEY')).toThrow(/STRIPE_SECRET_KEY/);
  });
});
