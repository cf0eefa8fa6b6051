// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import { setEditorDirty } from '../state/unsavedChangesState';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

type ConfirmOptions = { onOk: () => void; onCancel: () => void };
const confirm = vi.fn<(options: ConfirmOptions) => void>();
// each render hands out a new modal API object, as antd's may while its dialog code arrives
vi.mock('antd', () => ({ App: { useApp: () => ({ modal: { confirm } }) } }));

const { render } = mountPerTest();

let rerender: () => void = () => undefined;
let navigate: ReturnType<typeof useNavigate> = () => undefined;

const ProfilePage = () => {
  useUnsavedChangesGuard();
  const [, setCount] = useState(0);
  rerender = () => setCount((count) => count + 1);
  navigate = useNavigate();
  return <p>profile</p>;
};

afterEach(() => {
  setEditorDirty('about', false);
  confirm.mockReset();
});

describe('useUnsavedChangesGuard', () => {
  it('asks once per blocked navigation however often the page renders meanwhile, and Stay keeps the page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/profile', element: <ProfilePage /> },
        { path: '/dashboard', element: <p>dashboard</p> },
      ],
      { initialEntries: ['/profile'] },
    );
    await render(<RouterProvider router={router} />);
    setEditorDirty('about', true);
    await act(async () => rerender());

    await act(async () => void navigate('/dashboard'));
    await act(async () => rerender());
    await act(async () => rerender());
    expect(confirm).toHaveBeenCalledTimes(1);

    await act(async () => confirm.mock.calls[0]![0].onCancel());
    expect(router.state.location.pathname).toBe('/profile');

    // a second attempt asks again, and Leave goes
    await act(async () => void navigate('/dashboard'));
    expect(confirm).toHaveBeenCalledTimes(2);
    await act(async () => confirm.mock.calls[1]![0].onOk());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
