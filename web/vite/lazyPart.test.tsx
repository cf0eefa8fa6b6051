// @vitest-environment happy-dom
import { createRef, forwardRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { lazyPart } from './lazyPart';

const view = mountPerTest();

const Tabs = forwardRef<HTMLDivElement, { label: string }>(({ label }, ref) => (
  <div ref={ref} data-testid="tabs">
    {label}
  </div>
));

describe('lazyPart', () => {
  it('loads the part the first time it renders, and renders it with its props and ref', async () => {
    const load = vi.fn(async () => ({ default: Tabs }));
    const LazyTabs = lazyPart(load);
    expect(load).not.toHaveBeenCalled();

    const ref = createRef<HTMLDivElement>();
    await view.render(
      <section>
        before <LazyTabs ref={ref} label="Profile" /> after
      </section>,
    );
    await vi.waitFor(() => expect(view.container().querySelector('[data-testid="tabs"]')?.textContent).toBe('Profile'));
    expect(ref.current).toBe(view.container().querySelector('[data-testid="tabs"]'));
    expect(view.container().textContent).toBe('before Profile after');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
