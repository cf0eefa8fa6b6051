// @vitest-environment happy-dom
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { act, useContext } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { useToast } from '../toast/useToast';
import { AppFeedbackProvider, createLazyApi } from './AppFeedbackProvider';

const loaded = vi.hoisted(() => ({ toastHost: 0, confirmHost: 0 }));
vi.mock('./ToastHost', async (original) => {
  loaded.toastHost += 1;
  return original();
});
vi.mock('./ConfirmHost', async (original) => {
  loaded.confirmHost += 1;
  return original();
});

const { render } = mountPerTest();

let toast: ReturnType<typeof useToast>;
let modal: useAppProps['modal'];
const Probe = () => {
  toast = useToast();
  modal = useContext(AppContext).modal;
  return null;
};

const notices = () => [...document.querySelectorAll('.ant-notification-notice')].map((notice) => notice.textContent);
const settle = async () => {
  for (let round = 0; round < 20 && notices().length === 0; round += 1) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
};

describe('AppFeedbackProvider', () => {
  it('loads antd toasts only on the first toast, then shows the toasts asked for meanwhile, in order', async () => {
    await render(
      <AppFeedbackProvider>
        <Probe />
      </AppFeedbackProvider>,
    );
    await act(async () => toast.dismiss('nothing-yet'));
    expect(loaded.toastHost).toBe(0);

    await act(async () => {
      toast.loading('Importing', { key: 'import' });
      toast.success('Imported 3 contacts', { key: 'import' });
      toast.error('One row was skipped');
    });
    await settle();
    expect(loaded.toastHost).toBe(1);
    expect(loaded.confirmHost).toBe(0);
    expect(notices()).toEqual([
      expect.stringContaining('Imported 3 contacts'),
      expect.stringContaining('One row was skipped'),
    ]);
  });

  it('opens a confirm dialog through App.useApp().modal once antd dialogs arrive, and reports the answer', async () => {
    await render(
      <AppFeedbackProvider>
        <Probe />
      </AppFeedbackProvider>,
    );
    const onOk = vi.fn();
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = Promise.resolve(modal.confirm({ title: 'Leave without saving?', okText: 'Leave', onOk }));
    });
    for (let round = 0; round < 20 && !buttonIn('.ant-modal', 'Leave'); round += 1) {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(document.querySelector('.ant-modal')?.textContent).toContain('Leave without saving?');
    await act(async () => buttonIn('.ant-modal', 'Leave')!.click());
    expect(onOk).toHaveBeenCalledOnce();
    await expect(answer).resolves.toBe(true);
  });
});

describe('createLazyApi', () => {
  it('asks for the API once, and runs the calls made before it arrived in order', () => {
    const load = vi.fn();
    const lazy = createLazyApi<string[]>(load);
    const api: string[] = [];
    lazy.runIfLoading((calls) => calls.push('closed before anything was asked'));
    lazy.run((calls) => calls.push('first'));
    lazy.run((calls) => calls.push('second'));
    expect(load).toHaveBeenCalledOnce();
    lazy.runIfLoading((calls) => calls.push('closed while loading'));
    lazy.ready(api);
    lazy.run((calls) => calls.push('after'));
    expect(api).toEqual(['first', 'second', 'closed while loading', 'after']);
    expect(load).toHaveBeenCalledOnce();
  });
});
