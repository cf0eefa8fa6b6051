// @vitest-environment happy-dom
import { App } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { ApiError } from '@/lib/http/ApiError';
import { LiveProvider } from '@/lib/live';
import { toContact } from '@/modules/contacts/api/contactMapping';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { wireContact } from '@/test/contactFixtures';
import { wireDraft } from '@/test/draftFixtures';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { formatDateTime } from '@/lib/formatDate';
import { DraftDrawer } from './DraftDrawer';

const { render } = mountPerTest();

const hourMs = 3_600_000;
const inTwoDays = new Date(Date.now() + 48 * hourMs).toISOString();

const draft = (changes: Partial<Draft> = {}): Draft =>
  wireDraft({ subject: 'Hello Grace', body: 'Hi Grace, ...', ...changes });

const mailbox = {
  id: 'm1',
  email: 'me@example.com',
  provider: 'gmail',
  status: 'connected',
  isDefault: true,
  expiry: new Date(Date.now() + 24 * hourMs).toISOString(),
  refreshError: null,
  connectedAt: '2026-01-01T00:00:00.000Z',
  lastSynced: null,
};

type Call = { route: string; params?: Record<string, string>; body?: unknown };

/** answers the drawer's reads from `state` (drafts may change between reads); records every call */
const fakeApi = (state: { drafts: Draft[]; mailbox: typeof mailbox | null; sendError?: ApiError }) => {
  const calls: Call[] = [];
  const request = vi.fn(async (route: string, input?: { params?: Record<string, string>; body?: unknown }) => {
    calls.push({ route, params: input?.params, body: input?.body });
    switch (route) {
      case 'GET /api/drafts/contact/{contactId}':
        return state.drafts;
      case 'GET /api/email-connections/default':
        if (!state.mailbox) throw new ApiError({ status: 404, code: 'not_found', message: 'none' });
        return state.mailbox;
      case 'PATCH /api/drafts/{id}': {
        const current = state.drafts.find((item) => item.id === input?.params?.id) ?? draft();
        return { ...current, ...(input?.body as object) };
      }
      case 'POST /api/drafts/{id}/send': {
        if (state.sendError) throw state.sendError;
        const current = state.drafts.find((item) => item.id === input?.params?.id) ?? draft();
        return { ...current, status: 'sending', ...(input?.body as object) };
      }
      case 'PATCH /api/contacts/{id}':
        return wireContact({
          id: input?.params?.id ?? 'c1',
          email_qev_status: 'accept_all',
          email_confirmed_by_user: true,
        });
      default:
        throw new ApiError({ status: 404, code: 'not_found', message: 'not here' });
    }
  });
  return { api: { request } as never, calls, request };
};

const row = (overrides = {}) => ({
  contact: toContact(wireContact(overrides)),
  primaryDraft: null,
});

const mount = async (
  api: never,
  options: { socket?: ReturnType<typeof fakeLiveSocket>['socket']; contact?: object } = {},
) => {
  await render(
    <ApiTestProviders api={api}>
      <AppFeedbackProvider>
        <LiveProvider socket={options.socket ?? null}>
          <DraftDrawer row={row(options.contact)} onClose={() => {}} onGenerate={() => {}} generating={false} />
        </LiveProvider>
      </AppFeedbackProvider>
    </ApiTestProviders>,
  );
};

const drawer = () => document.querySelector('[data-testid="draft-drawer"]');
const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (candidate) => candidate.textContent?.trim() === name,
  );
const testId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const sends = (calls: Call[]) => calls.filter((call) => call.route === 'POST /api/drafts/{id}/send');

describe('the draft drawer’s Send', () => {
  it('explains how to connect a mailbox while none is connected, and sends nothing', async () => {
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox: null });
    await mount(api);
    await vi.waitFor(() => expect(button('Send')).toBeDefined());
    await vi.waitFor(() =>
      expect(calls.some((call) => call.route === 'GET /api/email-connections/default')).toBe(true),
    );
    expect(button('Send later')).toBeUndefined();
    await act(async () => button('Send')?.click());
    await vi.waitFor(() => expect(testId('send-explainer')?.textContent).toContain('Connect Gmail'));
    expect(sends(calls)).toEqual([]);
  });

  it('asks to reconnect an expired default mailbox instead of sending', async () => {
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox: { ...mailbox, status: 'expired' } });
    await mount(api);
    await vi.waitFor(() =>
      expect(calls.some((call) => call.route === 'GET /api/email-connections/default')).toBe(true),
    );
    await vi.waitFor(() => expect(button('Send')).toBeDefined());
    expect(button('Send later')).toBeUndefined();
    await act(async () => button('Send')?.click());
    await vi.waitFor(() => expect(testId('send-explainer')?.textContent).toContain('Reconnect Email'));
    expect(testId('send-explainer')?.textContent).toContain('me@example.com');
    expect(sends(calls)).toEqual([]);
  });

  it('sends the draft from the default mailbox, saving unsaved edits first', async () => {
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox });
    await mount(api);
    await vi.waitFor(() => expect(button('Send later')).toBeDefined());
    const subject = drawer()?.querySelector<HTMLInputElement>('input[aria-label="Subject"]');
    await act(async () => {
      if (!subject) return;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(subject, 'Hello again Grace');
      subject.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button('Send')?.click());
    await vi.waitFor(() => expect(sends(calls)).toHaveLength(1));
    const patch = calls.findIndex((call) => call.route === 'PATCH /api/drafts/{id}');
    expect(patch).toBeGreaterThan(-1);
    expect(calls[patch]?.body).toMatchObject({ subject: 'Hello again Grace' });
    expect(calls.indexOf(sends(calls)[0] as Call)).toBeGreaterThan(patch);
    expect(sends(calls)[0]).toMatchObject({ params: { id: 'd1' }, body: {} });
  });

  it('will not send to a contact whose address is not usable (SPEC §5), and says why', async () => {
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox });
    await mount(api, { contact: { email_qev_status: 'invalid' } });
    await vi.waitFor(() => expect(testId('send-blocked')).not.toBeNull());
    expect(button('Send')?.disabled).toBe(true);
    expect(button('Send later')?.disabled).toBe(true);
    expect(sends(calls)).toEqual([]);
  });

  it('says the recipient and that its address is valid, above the e-mail', async () => {
    const { api } = fakeApi({ drafts: [draft()], mailbox });
    await mount(api);
    await vi.waitFor(() => expect(testId('draft-recipient')).not.toBeNull());
    expect(testId('draft-recipient')?.textContent).toContain('To: grace.hopper@navy.mil');
    expect(testId('draft-recipient-state')?.textContent).toBe('Valid');
  });

  it('says a risky address is not sent to until confirmed, and confirms it for the contact (DESIGN §9)', async () => {
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox });
    await mount(api, { contact: { email_qev_status: 'accept_all' } });
    await vi.waitFor(() => expect(testId('send-blocked')).not.toBeNull());
    expect(testId('draft-recipient-state')?.textContent).toBe('Risky: accepts any address');
    expect(testId('send-bar')?.textContent).toContain('Confirm the address above to send.');
    expect(button('Send')?.disabled).toBe(true);
    await act(async () => button('Confirm this address')?.click());
    const ok = await vi.waitFor(() => {
      const found = [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find(
        (candidate) => candidate.textContent?.trim() === 'Confirm this address',
      );
      expect(found).toBeDefined();
      return found!;
    });
    await act(async () => ok.click());
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        route: 'PATCH /api/contacts/{id}',
        params: { id: 'c1' },
        body: { emailConfirmedByUser: true },
      }),
    );
    expect(sends(calls)).toEqual([]);
  });

  it('says an invalid address is never sent to', async () => {
    const { api } = fakeApi({ drafts: [draft()], mailbox });
    await mount(api, { contact: { email_qev_status: 'invalid' } });
    await vi.waitFor(() => expect(testId('draft-recipient-state')?.textContent).toBe('Invalid'));
  });

  it('will not send an e-mail with a spot left open, and names it', async () => {
    const { api, calls } = fakeApi({ drafts: [draft({ body: 'I studied at {{school}} too.' })], mailbox });
    await mount(api);
    await vi.waitFor(() => expect(testId('send-blocked')).not.toBeNull());
    expect(drawer()?.textContent).toContain('Fill this spot before sending: {{school}}.');
    expect(button('Send')?.disabled).toBe(true);
    expect(sends(calls)).toEqual([]);
  });

  it('asks before closing with changes not saved: Keep editing keeps them, Discard changes closes', async () => {
    const { api } = fakeApi({ drafts: [draft()], mailbox });
    const onClose = vi.fn();
    // antd's App gives the dialogs here (the app's AppFeedbackProvider gives them in the browser, where both are
    // the same module; in tests antd's own App resolves to another copy of its context)
    await render(
      <App>
        <ApiTestProviders api={api}>
          <AppFeedbackProvider>
            <LiveProvider socket={null}>
              <DraftDrawer row={row()} onClose={onClose} onGenerate={() => {}} generating={false} />
            </LiveProvider>
          </AppFeedbackProvider>
        </ApiTestProviders>
      </App>,
    );
    await vi.waitFor(() => expect(button('Send later')).toBeDefined());
    const closeDrawer = () => document.querySelector<HTMLButtonElement>('.ant-drawer-close')!.click();
    // nothing changed: it closes at once
    await act(async () => closeDrawer());
    expect(onClose).toHaveBeenCalledTimes(1);
    const subject = document.querySelector<HTMLInputElement>(
      '[data-testid="draft-drawer"] input[aria-label="Subject"]',
    )!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(subject, 'Hello again');
      subject.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => closeDrawer());
    const dialogTitle = () => document.querySelector('.ant-modal-confirm-title')?.textContent ?? null;
    await vi.waitFor(() => expect(dialogTitle()).toBe('Discard your changes?'));
    await act(async () => button('Keep editing')?.click());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(subject.value).toBe('Hello again');
    await act(async () => closeDrawer());
    await vi.waitFor(() => expect(button('Discard changes')).toBeDefined());
    await act(async () => button('Discard changes')?.click());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('shows the server’s refusal (no mailbox connected) and leaves the draft as it was', async () => {
    const refusal = new ApiError({
      status: 409,
      code: 'mailbox_not_connected',
      message: 'No email connected. Connect your email to start sending outreach messages.',
    });
    const { api, calls } = fakeApi({ drafts: [draft()], mailbox, sendError: refusal });
    await mount(api);
    await vi.waitFor(() => expect(button('Send later')).toBeDefined());
    await act(async () => button('Send')?.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('No email connected. Connect your email'));
    expect(sends(calls)).toHaveLength(1);
    expect(testId('draft-send-status')).toBeNull();
  });
});

describe('the draft drawer’s send states', () => {
  it('shows a failed send with its reason, and Retry sends it again', async () => {
    const { api, calls } = fakeApi({
      drafts: [draft({ status: 'failed', failureReason: 'The recipient’s server refused it' })],
      mailbox,
    });
    await mount(api);
    await vi.waitFor(() =>
      expect(testId('draft-send-status')?.textContent).toContain('Failed: The recipient’s server refused it'),
    );
    await vi.waitFor(() => expect(button('Retry')).toBeDefined());
    await act(async () => button('Retry')?.click());
    await vi.waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]).toMatchObject({ params: { id: 'd1' }, body: {} });
  });

  it('shows a queued send with why it waits, and offers no Send', async () => {
    const { api } = fakeApi({
      drafts: [draft({ status: 'sending', sendWaitReason: 'Daily limit of 100 e-mails reached' })],
      mailbox,
    });
    await mount(api);
    await vi.waitFor(() => expect(testId('draft-send-status')?.textContent).toContain('Queued'));
    expect(testId('draft-send-status')?.textContent).toContain('Daily limit of 100 e-mails reached');
    expect(button('Send')).toBeUndefined();
  });

  it('shows a sent draft as sent, with no Send and nothing to save', async () => {
    const { api } = fakeApi({
      drafts: [draft({ status: 'sent', sentAt: new Date(Date.now() - 2 * hourMs).toISOString() })],
      mailbox,
    });
    await mount(api);
    await vi.waitFor(() => expect(testId('draft-send-status')?.textContent).toContain('Sent 2h ago'));
    expect(button('Send')).toBeUndefined();
    expect(button('Save')?.disabled).toBe(true);
  });

  it('shows a send set for later with its local time, and offers to cancel it', async () => {
    const state = { drafts: [draft({ status: 'sending', scheduledSendTime: inTwoDays })], mailbox };
    const { api } = fakeApi(state);
    await mount(api);
    await vi.waitFor(() =>
      expect(testId('draft-send-status')?.textContent).toContain(`Scheduled for ${formatDateTime(inTwoDays, 'en')}`),
    );
    expect(button('Cancel send')).toBeDefined();
  });

  it('cancels a scheduled send back to a draft', async () => {
    const { api, calls } = fakeApi({ drafts: [draft({ status: 'sending', scheduledSendTime: inTwoDays })], mailbox });
    await mount(api);
    await vi.waitFor(() => expect(button('Cancel send')).toBeDefined());
    await act(async () => button('Cancel send')?.click());
    await vi.waitFor(() =>
      expect(calls.find((call) => call.route === 'PATCH /api/drafts/{id}')).toMatchObject({
        params: { id: 'd1' },
        body: { scheduledSendTime: null },
      }),
    );
  });
});

describe('the draft drawer’s follow-ups', () => {
  const followUp = draft({
    id: 'f1',
    draftType: 'follow_up',
    conversationId: 'conv1',
    isPrimary: false,
    status: 'sending',
    scheduledSendTime: inTwoDays,
    subject: 'Re: Hello Grace',
  });

  it('lists a scheduled follow-up with its local time, and Cancel follow-up takes it off the schedule', async () => {
    const { api, calls } = fakeApi({
      drafts: [draft({ status: 'sent', sentAt: '2026-01-01T00:00:00.000Z' }), followUp],
      mailbox,
    });
    await mount(api);
    await vi.waitFor(() =>
      expect(testId('follow-up')?.textContent).toContain(`Follow-up scheduled for ${formatDateTime(inTwoDays, 'en')}`),
    );
    const cancel = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="follow-up"] button')].find(
      (candidate) => candidate.textContent === 'Cancel follow-up',
    );
    await act(async () => cancel?.click());
    // the confirmation's own button
    await vi.waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find(
          (candidate) => candidate.textContent === 'Cancel follow-up',
        ),
      ).toBeDefined(),
    );
    await act(async () =>
      [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')]
        .find((candidate) => candidate.textContent === 'Cancel follow-up')
        ?.click(),
    );
    await vi.waitFor(() =>
      expect(calls.find((call) => call.route === 'PATCH /api/drafts/{id}')).toMatchObject({
        params: { id: 'f1' },
        body: { scheduledSendTime: null },
      }),
    );
  });

  it('refreshes the drafts on a live email.sent or email.sendState of this contact', async () => {
    const state = { drafts: [draft({ status: 'sending' })], mailbox };
    const { api, calls } = fakeApi(state);
    const live = fakeLiveSocket();
    await mount(api, { socket: live.socket });
    await vi.waitFor(() => expect(testId('draft-send-status')?.textContent).toContain('Sending…'));
    state.drafts = [draft({ status: 'sent', sentAt: new Date().toISOString() })];
    await live.send({ type: 'email.sent', data: { draftId: 'd1', contactId: 'c1', conversationId: 'conv1' } });
    await vi.waitFor(() => expect(testId('draft-send-status')?.textContent).toContain('Sent just now'));
    state.drafts = [draft({ status: 'failed', failureReason: 'Bounced' })];
    const reads = calls.filter((call) => call.route === 'GET /api/drafts/contact/{contactId}').length;
    await live.send({ type: 'email.sendState', data: { draftId: 'd1', contactId: 'c2', status: 'failed' } });
    await live.send({ type: 'email.sendState', data: { draftId: 'd1', contactId: 'c1', status: 'failed' } });
    await vi.waitFor(() => expect(testId('draft-send-status')?.textContent).toContain('Failed: Bounced'));
    expect(calls.filter((call) => call.route === 'GET /api/drafts/contact/{contactId}').length).toBe(reads + 1);
  });
});
