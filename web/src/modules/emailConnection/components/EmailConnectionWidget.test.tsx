// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonIn, buttonNamed, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { emailConnectionState, resetEmailConnection, type EmailConnectionState } from '../state/emailConnectionState';
import { EmailConnectionWidget, type EmailConnectionWidgetProps } from './EmailConnectionWidget';

const mailbox = { email: 'ada@example.com', provider: 'gmail' } as const;

const { render } = mountPerTest();

/** Renders the widget in a state and opens its popover; answers the popover's text. */
const open = async (state: Partial<EmailConnectionState>, props: EmailConnectionWidgetProps = {}) => {
  Object.assign(emailConnectionState, state);
  await render(<EmailConnectionWidget {...props} />);
  await act(async () => buttonNamed(/, Email connection$/)!.click());
  // the popover's code arrives at the first click
  await untilPasses(() => expect(document.querySelector('.ant-popover')).not.toBeNull());
  return document.querySelector('.ant-popover')?.textContent ?? '';
};

const popoverButton = (name: string) => buttonIn('.ant-popover', name);

beforeEach(() => {
  resetEmailConnection();
});

describe('EmailConnectionWidget', () => {
  it('names the header button by the address it shows, then what it is about (the name contains the visible text)', async () => {
    Object.assign(emailConnectionState, { status: 'connected', settled: 'connected' });
    await render(<EmailConnectionWidget account={mailbox} />);
    const button = buttonNamed(/Email connection$/)!;
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.textContent).toBe('ada@example.com, Email connection');
  });

  it('offers Gmail and Outlook while disconnected, disabled until a connect flow is given', async () => {
    const text = await open({});
    expect(text).toContain('Email Connection');
    expect(text).toContain('No email connected');
    expect(text).toContain('Connect your email to start sending outreach messages');
    expect(popoverButton('Connect Gmail')?.disabled).toBe(true);
    expect(popoverButton('Connect Outlook')?.disabled).toBe(true);
  });

  it('names the last mailbox while disconnected, and starts the chosen provider', async () => {
    const onConnect = vi.fn();
    const text = await open({ lastAuthenticatedEmail: 'ada@example.com' }, { onConnect });
    expect(text).toContain('Last authenticated with ada@example.com');
    act(() => popoverButton('Connect Outlook')!.click());
    expect(onConnect).toHaveBeenCalledWith('outlook');
  });

  it('shows the connected mailbox and its provider; Change Email asks for the provider of the other mailbox', async () => {
    const onChangeEmail = vi.fn();
    const text = await open({ status: 'connected', settled: 'connected' }, { account: mailbox, onChangeEmail });
    expect(text).toContain('Connected: ada@example.com');
    expect(text).toContain('Gmail');
    await act(async () => popoverButton('Change Email')!.click());
    act(() => popoverButton('Connect Outlook')!.click());
    expect(onChangeEmail).toHaveBeenCalledWith('outlook');
  });

  it('shows the notice it is given (token health or the last failure)', async () => {
    const text = await open(
      { status: 'connected', settled: 'connected' },
      { account: mailbox, notice: 'Your email authentication will expire very soon. Refreshing...' },
    );
    expect(text).toContain('Your email authentication will expire very soon. Refreshing...');
  });

  it('asks to reconnect an expired connection, and shows an error after a connection the same way', async () => {
    const expired = await open({ status: 'expired', settled: 'expired' }, { account: mailbox });
    expect(expired).toContain('Email Authentication Expired');
    expect(expired).toContain('Your email connection has expired. Please reconnect to continue sending emails.');
    const onReconnect = vi.fn();
    await render(<EmailConnectionWidget account={mailbox} onReconnect={onReconnect} />);
    act(() => popoverButton('Reconnect Email')!.click());
    expect(onReconnect).toHaveBeenCalledTimes(1);

    Object.assign(emailConnectionState, {
      status: 'error',
      settled: 'error',
      lastAuthenticatedEmail: 'ada@example.com',
    });
    await render(<EmailConnectionWidget />);
    expect(document.querySelector('.ant-popover')?.textContent).toContain('Email Authentication Expired');
  });

  it('shows the loading text of the work under way', async () => {
    const text = await open({
      status: 'connecting',
      settled: 'expired',
      pending: 'reconnecting',
      lastAuthenticatedEmail: 'ada@example.com',
    });
    expect(text).toContain('Reconnecting email');
  });
});
