// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { NavList } from './NavList';

const { container, render } = mountPerTest();

const items = [
  { path: '/dashboard', label: 'Dashboard', icon: <span>D</span> },
  { path: '/templates', label: 'Templates', icon: <span>T</span> },
];
const links = () => [...container().querySelectorAll<HTMLAnchorElement>('a')];

describe('NavList', () => {
  it('lists a link per entry, in order, and marks the current one as the page', async () => {
    await render(
      <MemoryRouter>
        <NavList items={items} activePath="/templates" />
      </MemoryRouter>,
    );
    expect(links().map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/dashboard', 'DDashboard'],
      ['/templates', 'TTemplates'],
    ]);
    expect(links().map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page']);
    expect(container().querySelector('.nav-list__icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps each link named by its label when compact shows the icons alone', async () => {
    await render(
      <MemoryRouter>
        <NavList items={items} compact />
      </MemoryRouter>,
    );
    expect(container().querySelector('.nav-list--compact')).not.toBeNull();
    expect(links().map((link) => link.getAttribute('aria-label'))).toEqual(['Dashboard', 'Templates']);
    expect(links().every((link) => !link.hasAttribute('aria-current'))).toBe(true);
  });
});
