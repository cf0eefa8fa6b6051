import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

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
