// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { PopoverButton } from './PopoverButton';

const { render } = mountPerTest();

const panel = () => document.querySelector('[data-testid="panel"]');
const trigger = () => document.querySelector<HTMLButtonElement>('button');

// the first click loads antd's popover (a lazy chunk): cold, in a busy worker, that alone can take seconds
const firstOpenTimeoutMs = 20_000;

describe('PopoverButton', () => {
  it(
    'opens its popover at the first click, and closes and opens it again on the next clicks',
    async () => {
      await render(
        <PopoverButton content={<p data-testid="panel">Connected</p>}>
          <button type="button">Email</button>
        </PopoverButton>,
      );
      expect(panel()).toBeNull();

      await act(async () => trigger()?.click());
      await untilPasses(() => expect(panel()).not.toBeNull());
      await act(async () => trigger()?.click());
      await untilPasses(() => expect(panel()?.closest('.ant-popover')?.className).toContain('ant-popover-hidden'));
      await act(async () => trigger()?.click());
      await untilPasses(() => expect(panel()?.closest('.ant-popover')?.className).not.toContain('ant-popover-hidden'));
    },
    firstOpenTimeoutMs,
  );

  it(
    "tells a caller holding `open` of the first click, and shows the caller's state",
    async () => {
      const Held = () => {
        const [open, setOpen] = useState(false);
        return (
          <PopoverButton open={open} onOpenChange={setOpen} content={<p data-testid="panel">Menu</p>}>
            <button type="button" aria-expanded={open}>
              Ada
            </button>
          </PopoverButton>
        );
      };
      await render(<Held />);

      await act(async () => trigger()?.click());
      await untilPasses(() => expect(panel()).not.toBeNull());
      expect(trigger()?.getAttribute('aria-expanded')).toBe('true');
    },
    firstOpenTimeoutMs,
  );
});
