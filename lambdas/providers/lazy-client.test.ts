import { describe, expect, it } from 'vitest';
import { lazyPort } from './lazy-client.js';

type Port = {
  provider: 'a';
  echo: (text: string, times: number) => Promise<string>;
  fail: () => Promise<never>;
};

const adapter: Port = {
  provider: 'a',
  echo: async (text, times) => text.repeat(times),
  fail: async () => {
    throw new Error('refused by the vendor');
  },
};

describe('a lazy port', () => {
  it('answers what it owns without loading its adapter', () => {
    let loads = 0;
    const port = lazyPort<Port>({ provider: 'a' }, { echo: true, fail: true }, async () => {
      loads += 1;
      return adapter;
    });
    expect(port.provider).toBe('a');
    expect(loads).toBe(0);
  });

  it("loads its adapter on the first call, once, and answers the adapter's answers and failures", async () => {
    let loads = 0;
    const port = lazyPort<Port>({ provider: 'a' }, { echo: true, fail: true }, async () => {
      loads += 1;
      return adapter;
    });
    const answers = await Promise.all([port.echo('ab', 2), port.echo('c', 3)]);
    expect(answers).toEqual(['abab', 'ccc']);
    await expect(port.fail()).rejects.toThrow('refused by the vendor');
    expect(loads).toBe(1);
  });

  it('tries the import again on the next call after a failed one', async () => {
    let loads = 0;
    const port = lazyPort<Port>({ provider: 'a' }, { echo: true, fail: true }, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk not readable');
      return adapter;
    });
    await expect(port.echo('x', 1)).rejects.toThrow('chunk not readable');
    await expect(port.echo('x', 2)).resolves.toBe('xx');
    expect(loads).toBe(2);
  });
});
