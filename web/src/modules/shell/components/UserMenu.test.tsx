// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { UserMenu } from './UserMenu';

const signOut = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@/modules/auth/hooks/useAuth', () => ({
  useAuth: () => ({ user: { name: 'Ada Lovelace', email: 'ada@example.com' } }),
}));
const profile = vi.hoisted(() => ({ current: undefined as Record<string, unknown> | undefined }));
vi.mock('@/modules/profile/hooks/useProfile', () => ({ useProfile: () => ({ data: profile.current }) }));
vi.mock('@/modules/auth/api/authSession', () => ({ signOutOfApp: signOut }));

const { container, render } = mountPerTest();

const trigger = () => container().querySelector<HTMLButtonElement>('[data-testid="user-menu"]')!;
const entries = () => [...document.querySelectorAll<HTMLButtonElement>('.user-menu__popover [role="menuitem"]')];
const entry = (name: string) => entries().find((button) => button.textContent === name)!;
const menuOpen = () => Boolean(document.querySelector('.user-menu__popover:not(.ant-popover-hidden) [role="menu"]'));
// the menu's code arrives at the first click
const openFirst = async () => {
  await act(async () => trigger().click());
  await untilPasses(() => expect(menuOpen()).toBe(true));
};
const key = (name: string) =>
  act(async () => {
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  });

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<UserMenu />} />
        <Route path="/accountSettings" element={<p>settings page</p>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  signOut.mockClear();
  profile.current = undefined;
});

const adasProfile = (photoURL: string) => ({
  displayName: 'Ada Lovelace',
  firstName: '',
  lastName: '',
  email: 'ada@example.com',
  subscriptionTier: 'free',
  photoURL,
});
const avatar = () => container().querySelector('[data-testid="user-initials"]')!;

describe('UserMenu', () => {
  it('opens a menu with the person and Plan, Settings, Log Out, and says so on its button', async () => {
    await mount();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await openFirst();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('.user-menu__popup')?.textContent).toContain('ada@example.com');
    expect(entries().map((button) => button.textContent)).toEqual(['Plan', 'Settings', 'Log Out']);
  });

  it('moves between the entries with the arrow keys, and Escape closes it and gives the focus back', async () => {
    await mount();
    await openFirst();
    await act(async () => entry('Plan').focus());
    await key('ArrowDown');
    expect(document.activeElement).toBe(entry('Settings'));
    await key('End');
    expect(document.activeElement).toBe(entry('Log Out'));
    await key('ArrowDown');
    expect(document.activeElement).toBe(entry('Plan'));
    await key('ArrowUp');
    expect(document.activeElement).toBe(entry('Log Out'));
    await key('Escape');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger());
  });

  it('opens the settings page from Settings and signs out from Log Out', async () => {
    await mount();
    await openFirst();
    await act(async () => entry('Log Out').click());
    expect(signOut).toHaveBeenCalledWith({ byUser: true });
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await act(async () => trigger().click());
    expect(menuOpen()).toBe(true);
    await act(async () => entry('Settings').click());
    expect(container().textContent).toBe('settings page');
  });

  it("shows the profile's photo in the avatar (SPEC §3 photoURL), the initials without one", async () => {
    profile.current = adasProfile('https://photos.example/ada.jpg');
    await mount();
    expect(avatar().querySelector('img')?.getAttribute('src')).toBe('https://photos.example/ada.jpg');
    profile.current = adasProfile('');
    await mount();
    expect(avatar().querySelector('img')).toBeNull();
    expect(avatar().textContent).toBe('AL');
  });
});
