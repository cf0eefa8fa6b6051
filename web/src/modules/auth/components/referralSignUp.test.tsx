// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebConfig } from '@shared/web-config';
import { WebConfigContext } from '@/modules/config/hooks/useWebConfig';
import { SignUpPage } from '@/pages/auth/SignUpPage';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { pendingReferralKey } from '../api/amplifyAuth';
import { recordUserSync } from '../utils/userSyncSchedule';
import { useSessionSync } from '@/app/useSessionSync';
import { authState, type AuthState } from '../state/authState';
import { useQuota } from '@/modules/quota/hooks/useQuota';

/*
 * A `/signup?ref=CODE` visitor (DESIGN §6): the code goes to Cognito with an e-mail sign-up (clientMetadata, which the
 * PostConfirmation trigger reads), and survives the whole-page trip through the hosted UI to Google to be sent with
 * the first sync-user on return.
 */

const amplify = vi.hoisted(() => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  signInWithRedirect: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('aws-amplify/auth/enable-oauth-listener', () => ({}));

const config: WebConfig = {
  stage: 'test',
  apiUrl: 'https://api.test',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'client',
  authFlowType: 'USER_SRP_AUTH',
  oauthDomain: 'auth.test',
  identityProviders: ['Google', 'Microsoft'],
  providers: {},
};

const { render } = mountPerTest();

const fakeApi = () => ({ request: vi.fn(async (_route: string, _input?: unknown) => ({})) });

const signUpPage = async (url: string, api = fakeApi()) => {
  await render(
    <WebConfigContext.Provider value={config}>
      <ApiTestProviders api={api as never}>
        <ConfigProvider wave={{ disabled: true }}>
          <AppFeedbackProvider>
            <MemoryRouter initialEntries={[url]}>
              <SignUpPage />
            </MemoryRouter>
          </AppFeedbackProvider>
        </ConfigProvider>
      </ApiTestProviders>
    </WebConfigContext.Provider>,
  );
  return api;
};

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
const click = (element: HTMLElement | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    element.click();
  });
const typeInto = (selector: string, value: string) =>
  act(async () => {
    const element = document.querySelector<HTMLInputElement>(selector);
    if (!element) throw new Error(`no ${selector}`);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

/** The app shell's background sync beside a quota reader (the dashboard's widget). */
const SessionSyncAndQuota = () => {
  useSessionSync();
  useQuota();
  return null;
};

const nina = { userId: 'user-nina', email: 'nina@example.com', name: 'Nina Newcomer' };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  for (const mock of Object.values(amplify)) mock.mockReset();
  Object.assign(authState, {
    status: 'unauthenticated',
    user: null,
    error: null,
    signedOutByUser: false,
    settled: true,
    ready: false,
  } satisfies AuthState);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a sign-up from a referral link', () => {
  it('shows the invite and keeps the code across the redirect to Google, then sends it with the first sync-user', async () => {
    amplify.signInWithRedirect.mockResolvedValue(undefined);
    await signUpPage('/signup?ref=k7pq2xwm');
    expect(document.body.textContent).toContain('You were invited with referral code K7PQ2XWM.');
    await click(button('Continue with Google'));
    expect(amplify.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' });
    expect(sessionStorage.getItem(pendingReferralKey)).toBe('K7PQ2XWM');

    // the provider sends the browser back: a new page load in the same tab, signed in; Amplify's redirect event is not
    // seen (it may fire before the app listens), and the user was synced moments ago by another part of the app
    await render(null);
    recordUserSync(nina.userId);
    const api = fakeApi();
    await render(
      <ApiTestProviders api={api as never}>
        <SessionSyncAndQuota />
      </ApiTestProviders>,
    );
    await act(async () => {
      Object.assign(authState, { status: 'authenticated', user: nina, ready: true });
    });
    await untilPasses(() =>
      expect(api.request).toHaveBeenCalledWith('POST /api/users/sync-user', {
        body: expect.objectContaining({
          email: nina.email,
          displayName: nina.name,
          signupData: { referralCode: 'K7PQ2XWM' },
        }),
      }),
    );
    expect(sessionStorage.getItem(pendingReferralKey)).toBeNull();
    // the grant changed the quota: read again after the sync rather than served from the 5-minute cache
    const quotaReads = () => api.request.mock.calls.filter(([route]) => route === 'GET /api/profiles/slots').length;
    await untilPasses(() => expect(quotaReads()).toBe(2));
  });

  it('hands the code to Cognito with an e-mail sign-up and its confirmation (the PostConfirmation trigger reads it)', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    amplify.signIn.mockRejectedValue(Object.assign(new Error('stop here'), { name: 'NotAuthorizedException' }));
    await signUpPage('/signup?ref=K7PQ2XWM');
    await typeInto('#sign-up_name', 'Nina Newcomer');
    await typeInto('#sign-up_email', 'Nina@Example.com');
    await typeInto('#sign-up_password', 'Str0ng-passw0rd!');
    await click(button('Create account'));
    await untilPasses(() => expect(amplify.signUp).toHaveBeenCalled());
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'nina@example.com',
      password: 'Str0ng-passw0rd!',
      options: {
        userAttributes: { email: 'nina@example.com', name: 'Nina Newcomer' },
        clientMetadata: { referralCode: 'K7PQ2XWM' },
      },
    });
    await untilPasses(() => expect(document.querySelector('#confirm-sign-up_code')).not.toBeNull());
    await typeInto('#confirm-sign-up_code', '123456');
    await click(
      [...document.querySelectorAll<HTMLButtonElement>('form[id="confirm-sign-up"] button[type="submit"]')][0],
    );
    await untilPasses(() => expect(amplify.confirmSignUp).toHaveBeenCalled());
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: 'nina@example.com',
      confirmationCode: '123456',
      options: { clientMetadata: { referralCode: 'K7PQ2XWM' } },
    });
  });
});
