import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insertAtCursor';

describe('insertAtCursor', () => {
  it('inserts at the cursor, replaces a selection, and appends without a cursor', () => {
    expect(insertAtCursor('Hi , welcome', '{{firstName}}', 3, 3)).toEqual({
      value: 'Hi {{firstName}}, welcome',
      cursor: 16,
    });
    expect(insertAtCursor('Hi NAME!', '{{firstName}}', 3, 7)).toEqual({ value: 'Hi {{firstName}}!', cursor: 16 });
    expect(insertAtCursor('Hi ', '{{firstName}}', null, null)).toEqual({ value: 'Hi {{firstName}}', cursor: 16 });
    expect(insertAtCursor('ab', 'X', 10, 2)).toEqual({ value: 'abX', cursor: 3 });
  });
});
