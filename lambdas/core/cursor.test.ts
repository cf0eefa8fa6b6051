import { describe, expect, it } from 'vitest';
import { cursorSigner } from './cursor.js';

const signer = cursorSigner('test-key');

describe('signed page cursors', () => {
  it('opens a cursor for the scope it was sealed for', async () => {
    const cursor = await signer.seal('user-1\nlist', { offset: 50 });
    expect(await signer.open('user-1\nlist', cursor)).toEqual({ offset: 50 });
  });

  it('opens nothing for another scope, another key, or an altered cursor', async () => {
    const cursor = await signer.seal('user-1\nlist', { offset: 50 });
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ offset: 5000 })).toString('base64url');
    for (const [scope, tried] of [
      ['user-2\nlist', cursor],
      ['user-1\nother list', cursor],
      ['user-1\nlist', `${forged}.${mac}`],
      ['user-1\nlist', `${payload}.${mac.slice(0, -2)}`],
      ['user-1\nlist', payload],
      ['user-1\nlist', `${cursor}.extra`],
      ['user-1\nlist', 'nonsense'],
      ['user-1\nlist', ''],
    ] as const) {
      expect(await signer.open(scope, tried)).toBeUndefined();
    }
    expect(await cursorSigner('another-key').open('user-1\nlist', cursor)).toBeUndefined();
  });
});
