// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import type { WebConfig } from '@shared/web-config';
import { WebConfigProvider } from '@/modules/config/components/WebConfigProvider';
import { PublicLayout } from './PublicLayout';

const config: WebConfig = {
  stage: 'test',
  apiUrl: 'http://localhost:3001',
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client-1',
  authFlowType: 'USER_PASSWORD_AUTH',
  identityProviders: [],
  providers: {},
};

const mount = mountPerTest();

const pages = ['/', '/features', '/pricing'].map((path) => ({ path, element: <p>the page</p> }));

const render = async (path: string, routes: RouteObject[] = [{ Component: PublicLayout, children: pages }]) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await mount.render(
    <WebConfigProvider config={config}>
      <RouterProvider router={router} />
    </WebConfigProvider>,
  );
  return router;
};

const links = (selector: string) =>
  [...mount.container().querySelectorAll<HTMLAnchorElement>(`${selector} a`)].map((link) => [
    link.textContent,
    link.getAttribute('href'),
  ]);

const click = async (element: Element | null | undefined) => {
  await act(async () => (element as HTMLElement).click());
};

beforeEach(() => {
  localStorage.clear();
});

describe('PublicLayout', () => {
  it('frames the matched page with the sections on top and every public page in the footer', async () => {
    await render('/features');
    expect(mount.container().querySelector('main')?.textContent).toBe('the page');
    expect(links('nav[aria-label="Main"]')).toEqual([
      ['Features', '/features'],
      ['Approach', '/approach'],
      ['Pricing', '/pricing'],
      ['Blog', '/blog'],
      ['Support', '/support'],
    ]);
    expect(mount.container().querySelector('nav[aria-label="Main"] [aria-current="page"]')?.textContent).toBe(
      'Features',
    );
    expect(links('footer nav').map(([, href]) => href)).toEqual([
      '/features',
      '/approach',
      '/pricing',
      '/zoom-guide',
      '/philosophy',
      '/blog',
      '/referral-program',
      '/support',
      '/privacy',
      '/terms',
    ]);
  });

  it('shows the page it is given instead of a child route', async () => {
    await render('/referrals', [{ path: '/referrals', element: <PublicLayout>the referral landing</PublicLayout> }]);
    expect(mount.container().querySelector('main')?.textContent).toBe('the referral landing');
  });

  it('offers sign-in and sign-up to a visitor, the dashboard to someone signed in on this browser', async () => {
    await render('/');
    expect(links('header .landing__nav > .landing__nav-actions')).toEqual([
      ['Sign in', '/signin'],
      ['Sign up', '/signup'],
    ]);

    localStorage.setItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`, 'user-1');
    await render('/');
    expect(links('header .landing__nav > .landing__nav-actions')).toEqual([['Open dashboard', '/dashboard']]);
  });

  it('opens the menu on narrow screens and closes it when a section is chosen', async () => {
    const router = await render('/');
    const menu = () => mount.container().querySelector<HTMLElement>('#landing-mobile-menu')!;
    const button = () => mount.container().querySelector<HTMLButtonElement>('.landing__menu-button')!;
    expect(menu().hidden).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('false');

    await click(button());
    expect(menu().hidden).toBe(false);
    expect(button().getAttribute('aria-label')).toBe('Close menu');

    await click([...menu().querySelectorAll('a')].find((link) => link.textContent === 'Pricing'));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(menu().hidden).toBe(true);
  });
});
