// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { CountBadge } from './CountBadge';

const { container, render } = mountPerTest();

const count = () => container().querySelector<HTMLElement>('.count-badge__count');

describe('CountBadge', () => {
  it('shows nothing over its child for 0', async () => {
    await render(
      <CountBadge count={0}>
        <span data-testid="icon" />
      </CountBadge>,
    );
    expect(container().querySelector('[data-testid="icon"]')).not.toBeNull();
    expect(count()).toBeNull();
  });

  it('shows the count over its child, hidden from screen readers', async () => {
    await render(
      <CountBadge count={3}>
        <span />
      </CountBadge>,
    );
    expect(count()?.textContent).toBe('3');
    expect(count()?.getAttribute('aria-hidden')).toBe('true');
    expect(count()?.classList.contains('count-badge__count--wide')).toBe(false);
  });

  it('caps a large count at 99+ and widens the pill for more than one digit', async () => {
    await render(
      <CountBadge count={120}>
        <span />
      </CountBadge>,
    );
    expect(count()?.textContent).toBe('99+');
    expect(count()?.classList.contains('count-badge__count--wide')).toBe(true);
    await render(
      <CountBadge count={12} overflowCount={9}>
        <span />
      </CountBadge>,
    );
    expect(count()?.textContent).toBe('9+');
  });
});
