// @vitest-environment happy-dom
import { App } from 'antd';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { TemplatesWorkspace } from './TemplatesWorkspace';

const { render } = mountPerTest();

const template = (id: string, name: string, updatedAt: string) => ({
  id,
  name,
  subject: `Subject of ${name}`,
  body: `Body of ${name}`,
  createdAt: updatedAt,
  updatedAt,
});

const fakeApi = () => ({
  request: vi.fn(async (route: string) => {
    if (route === 'GET /api/templates')
      return [
        template('t1', 'Coffee chat', '2026-11-02T00:00:00.000Z'),
        template('t2', 'Referral', '2026-11-01T00:00:00.000Z'),
      ];
    if (route === 'GET /api/contacts') return { contacts: [], nextCursor: null, total: 0 };
    throw new Error(`unexpected ${route}`);
  }),
});

const mount = async () => {
  const router = createMemoryRouter(
    [
      {
        path: '/templates',
        element: (
          <App>
            <ApiTestProviders api={fakeApi() as never}>
              <TemplatesWorkspace />
            </ApiTestProviders>
          </App>
        ),
      },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/templates'] },
  );
  await render(<RouterProvider router={router} />);
  await vi.waitFor(() => expect(nameField().value).toBe('Coffee chat'));
  return router;
};

const nameField = () => document.querySelector<HTMLInputElement>('#template-name')!;
const bodyField = () => document.querySelector<HTMLTextAreaElement>('#template-body')!;
/** types `value` over a field's text as React sees typing (the name's unless another field is given) */
const type = async (value: string, field: HTMLInputElement | HTMLTextAreaElement = nameField()) => {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  await act(async () => {
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const clickEntry = async (name: string) => {
  const entry = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) =>
    item.textContent?.includes(name),
  )!;
  await act(async () => entry.click());
};
const clickButton = async (scope: string, name: string) => {
  await vi.waitFor(() => expect(buttonIn(scope, name)).toBeDefined());
  await act(async () => buttonIn(scope, name)!.click());
};
const dialogTitle = () => document.querySelector('.ant-modal-confirm-title')?.textContent ?? null;
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('the template editor with unsaved changes', () => {
  it('opens another template at once while nothing is changed', async () => {
    await mount();
    await clickEntry('Referral');
    expect(nameField().value).toBe('Referral');
    expect(dialogTitle()).toBeNull();
  });

  it('asks before another template is opened: Keep editing keeps the text, Discard changes opens the other', async () => {
    await mount();
    await type('Coffee chat, edited');
    await clickEntry('Referral');
    await vi.waitFor(() => expect(dialogTitle()).toBe('Discard your changes?'));
    expect(nameField().value).toBe('Coffee chat, edited');
    await clickButton('.ant-modal-confirm', 'Keep editing');
    await settle();
    expect(nameField().value).toBe('Coffee chat, edited');
    await clickEntry('Referral');
    await clickButton('.ant-modal-confirm', 'Discard changes');
    await vi.waitFor(() => expect(nameField().value).toBe('Referral'));
  });

  it('asks before a new template replaces it', async () => {
    await mount();
    await type('Coffee chat, edited');
    await clickButton('.templates-page', 'New template');
    await vi.waitFor(() => expect(dialogTitle()).toBe('Discard your changes?'));
    await clickButton('.ant-modal-confirm', 'Discard changes');
    await vi.waitFor(() => expect(nameField().value).toBe(''));
  });

  it('asks before the page is left by a link, and the browser asks before the tab is closed', async () => {
    const router = await mount();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await type('Coffee chat, edited');
    expect(unload()).toBe(true);
    await act(async () => void router.navigate('/dashboard'));
    await vi.waitFor(() => expect(dialogTitle()).toBe('Leave without saving?'));
    expect(router.state.location.pathname).toBe('/templates');
    await clickButton('.ant-modal-confirm', 'Leave');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the name', () => {
  it('says it is needed once it is emptied while the template has text, and Save waits for it', async () => {
    await mount();
    expect(document.body.textContent).not.toContain('Give the template a name');
    await type('  ');
    await vi.waitFor(() => expect(document.body.textContent).toContain('Give the template a name'));
    expect(buttonIn('.templates-page', 'Save')?.disabled).toBe(true);
  });
});

describe('the body', () => {
  it('is needed: a template without one would make empty e-mails, so Save waits for it', async () => {
    await mount();
    await type(' ', bodyField());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Write the e-mail this template makes'));
    expect(buttonIn('.templates-page', 'Save')?.disabled).toBe(true);
  });
});

describe('placeholder buttons', () => {
  it('put the placeholder at the cursor and leave the cursor after it at once, for the next key pressed', async () => {
    await mount();
    const body = bodyField();
    await act(async () => {
      body.focus();
      body.setSelectionRange(0, 0);
    });
    // no frame passes before the next key is pressed (a person typing fast; Playwright typing at once)
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      await clickButton('.templates-placeholders', 'My name');
      expect(body.value).toBe('{{myName}}Body of Coffee chat');
      expect(document.activeElement).toBe(body);
      expect([body.selectionStart, body.selectionEnd]).toEqual([10, 10]);
    } finally {
      frames.mockRestore();
    }
  });
});
