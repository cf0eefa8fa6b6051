// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { replyCheckMessages } from '@shared/schemas/conversations';
import { LiveProvider } from '@/lib/live';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { resetShell } from '../state/shellState';
import { ErrorBanner } from './ErrorBanner';

const { render } = mountPerTest();

type Mailbox = { mailboxId: string; email: string; error: string | null };

const fakeApi = (state: { mailboxes: Mailbox[] }) => {
  let reads = 0;
  const request = vi.fn(async (route: string) => {
    if (route !== 'GET /api/reply-checks') throw new Error(`unexpected ${route}`);
    reads += 1;
    return {
      mailboxes: state.mailboxes.map((mailbox) => ({
        provider: 'gmail',
        lastCheckedAt: null,
        errorAt: mailbox.error ? '2026-11-24T12:00:00.000Z' : null,
        pushExpiresAt: null,
        ...mailbox,
      })),
    };
  });
  return { api: { request } as never, reads: () => reads };
};

const mount = async (api: never, socket: ReturnType<typeof fakeLiveSocket>['socket']) =>
  render(
    <ApiTestProviders api={api}>
      <LiveProvider socket={socket}>
        <ErrorBanner />
      </LiveProvider>
    </ApiTestProviders>,
  );

const banners = () => [...document.querySelectorAll<HTMLElement>('[role="alert"]')].map((alert) => alert.textContent);
const dismiss = (index: number) =>
  act(async () => document.querySelectorAll<HTMLButtonElement>('button[aria-label="Dismiss"]')[index]?.click());

/** waits for `check` to pass, letting React finish each step inside act (SWR answers arrive between them) */
const until = (check: () => void) =>
  vi.waitFor(async () => {
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
    check();
  });

const expired = replyCheckMessages.gmailExpired;
const failed = replyCheckMessages.failed('Gmail answered 500');

// the banner's antd Alert is loaded on first use: have it ready, so the tests wait for answers, not for a cold import
beforeAll(async () => {
  await import('./ErrorBannerAlert');
});
beforeEach(() => resetShell());

describe('the reply-check banner (SPEC §2)', () => {
  it('shows nothing while every mailbox was checked without an error', async () => {
    const { api, reads } = fakeApi({ mailboxes: [{ mailboxId: 'm1', email: 'me@gmail.com', error: null }] });
    await mount(api, fakeLiveSocket().socket);
    await until(() => expect(reads()).toBe(1));
    expect(banners()).toEqual([]);
  });

  it('shows each distinct error once, in red, and a dismissed one stays hidden while it lasts', async () => {
    const state = {
      mailboxes: [
        { mailboxId: 'm1', email: 'me@gmail.com', error: expired },
        { mailboxId: 'm2', email: 'me2@gmail.com', error: expired },
        { mailboxId: 'm3', email: 'me3@gmail.com', error: failed },
      ],
    };
    const { api, reads } = fakeApi(state);
    const live = fakeLiveSocket();
    await mount(api, live.socket);
    await until(() => expect(banners()).toEqual([expired, failed]));
    expect(document.querySelector('.ant-alert-error')).not.toBeNull();
    await dismiss(0);
    expect(banners()).toEqual([failed]);
    await live.send({ type: 'replyCheck.changed', data: { mailboxId: 'm3', error: failed } });
    await until(() => expect(reads()).toBe(2));
    expect(banners()).toEqual([failed]);
  });

  it('shows a new error as it arrives live, and a dismissed one again once it cleared and came back', async () => {
    const state = { mailboxes: [{ mailboxId: 'm1', email: 'me@gmail.com', error: expired as string | null }] };
    const { api } = fakeApi(state);
    const live = fakeLiveSocket();
    await mount(api, live.socket);
    await until(() => expect(banners()).toEqual([expired]));
    await dismiss(0);
    expect(banners()).toEqual([]);

    state.mailboxes = [{ mailboxId: 'm1', email: 'me@gmail.com', error: failed }];
    await live.send({ type: 'replyCheck.changed', data: { mailboxId: 'm1', error: failed } });
    await until(() => expect(banners()).toEqual([failed]));

    state.mailboxes = [{ mailboxId: 'm1', email: 'me@gmail.com', error: null }];
    await live.send({ type: 'connection.changed', data: { kind: 'email', id: 'm1' } });
    await until(() => expect(banners()).toEqual([]));

    state.mailboxes = [{ mailboxId: 'm1', email: 'me@gmail.com', error: expired }];
    await live.send({ type: 'replyCheck.changed', data: { mailboxId: 'm1', error: expired } });
    await until(() => expect(banners()).toEqual([expired]));
  });

  it('reads the errors again when the live channel comes back after a drop', async () => {
    const state = { mailboxes: [{ mailboxId: 'm1', email: 'me@gmail.com', error: null as string | null }] };
    const { api } = fakeApi(state);
    const live = fakeLiveSocket();
    await mount(api, live.socket);
    await live.setStatus('closed');
    state.mailboxes = [{ mailboxId: 'm1', email: 'me@gmail.com', error: expired }];
    await live.setStatus('open');
    await until(() => expect(banners()).toEqual([expired]));
  });
});
