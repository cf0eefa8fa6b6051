import { describe, expect, it } from 'vitest';
import { shownKey, toastKey } from './useToast';

describe('the key a toast opens under', () => {
  it('closes the toast of the same message still on screen and opens the new one under a fresh key', () => {
    const closed: string[] = [];
    const close = (key: string) => closed.push(key);
    const first = toastKey('success:Sending your e-mail', false, close);
    const second = toastKey('success:Sending your e-mail', false, close);

    expect(closed).toEqual([first.key]);
    expect(second.key).not.toBe(first.key);
    expect(shownKey('success:Sending your e-mail')).toBe(second.key);
    // the first one's leave does not forget the second
    first.onClose?.();
    expect(shownKey('success:Sending your e-mail')).toBe(second.key);
    second.onClose?.();
    expect(shownKey('success:Sending your e-mail')).toBeUndefined();
  });

  it('replaces a loading toast in place by its result, which then runs its own time', () => {
    const closed: string[] = [];
    const close = (key: string) => closed.push(key);
    const loading = toastKey('import', true, close);
    const result = toastKey('import', false, close);

    expect(result.key).toBe(loading.key);
    expect(closed).toEqual([]);
    // shown again once the result is on screen: that one closes first
    const again = toastKey('import', false, close);
    expect(closed).toEqual([result.key]);
    expect(again.key).not.toBe(result.key);
  });

  it('gives a toast without a key of its own none (a title that is not text)', () => {
    expect(toastKey(undefined, false, () => undefined)).toEqual({});
  });
});
