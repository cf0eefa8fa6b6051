import { describe, expect, it } from 'vitest';
import { createMailApis } from './mail-api.js';

describe('the mail APIs from the environment', () => {
  it('answer one API per provider without any configuration (the providers’ own endpoints)', () => {
    const apis = createMailApis({});
    expect(apis.gmail.provider).toBe('gmail');
    expect(apis.outlook.provider).toBe('outlook');
  });

  it('fail at once, naming the variable, when a base URL is malformed', () => {
    expect(() => createMailApis({ MICROSOFT_GRAPH_BASE_URL: 'graph' })).toThrow('MICROSOFT_GRAPH_BASE_URL');
  });
});
