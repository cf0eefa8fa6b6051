// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { SendButtons } from './SendButtons';

const { render } = mountPerTest();

const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );

const pad = (value: number) => String(value).padStart(2, '0');

describe('Send later', () => {
  it('schedules the send at the date and time typed, in this browser’s zone', async () => {
    const onSend = vi.fn();
    await render(<SendButtons blockedBy={null} busy={null} onSend={onSend} />);
    await act(async () => {
      button('Send later')?.click();
      // the picker's module arrives within act, so its first render is inside it too
      await import('./SendLaterForm');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const input = await vi.waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('[data-testid="send-later"] input');
      if (!found) throw new Error('no picker yet');
      return found;
    });
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setHours(9, 30, 0, 0);
    const typed = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} 09:30`;
    expect(button('Schedule')?.disabled).toBe(true);
    await act(async () => {
      input.focus();
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await vi.waitFor(() => expect(button('Schedule')?.disabled).toBe(false));
    await act(async () => button('Schedule')?.click());
    expect(onSend).toHaveBeenCalledWith(when.toISOString());
  });

  it('sends now without a time, and offers neither while the draft cannot be sent', async () => {
    const onSend = vi.fn();
    await render(<SendButtons blockedBy={null} busy={null} onSend={onSend} />);
    await act(async () => button('Send')?.click());
    expect(onSend).toHaveBeenCalledWith();
    await render(<SendButtons blockedBy="This contact has no e-mail address yet." busy={null} onSend={onSend} />);
    expect(button('Send')?.disabled).toBe(true);
    expect(button('Send later')?.disabled).toBe(true);
  });
});
