import { Hub } from 'aws-amplify/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { timings } from '@shared/constants';
import { createApiClient } from '@/lib/http/apiClient';
import { ApiClientProvider } from '@/lib/http/ApiClientProvider';
import { swrOptions } from '@/lib/http/swrOptions';
import { createLiveSocket, LiveProvider } from '@/lib/live';
import { configureAmplify, fetchIdToken } from '@/modules/auth/api/amplifyAuth';
import { handleSessionLost, loadAuthState, signOutOfApp } from '@/modules/auth/api/authSession';
import { createSharedTokenRefresh } from '@/modules/auth/api/refreshLock';
import { createTokenCache } from '@/modules/auth/api/tokenCache';
import { useSessionSync } from './useSessionSync';
import { authState, setTokenRefreshed, waitForAuthReady } from '@/modules/auth/state/authState';
import { createCrossTabAuth } from '@/modules/auth/state/crossTabAuth';
import { onSessionEnd } from '@/modules/auth/state/sessionEvents';
import { createTabPresence } from '@/modules/auth/state/tabPresence';
import { LazyContactDrawer } from '@/modules/contactDetail/components/LazyContactDrawer';
import { ContactDrawerProvider } from '@/modules/contacts/components/ContactDrawerSlot';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { SettingsThemeProvider } from '@/modules/settings/components/SettingsThemeProvider';
import { resetSessionStores } from './resetSessionStores';
import { SessionCache } from './SessionCache';

export type AppProvidersProps = { children?: ReactNode };

/** The app's session services, made once per page load: token cache, API client, tab presence. */
const createSession = (config: ReturnType<typeof useWebConfig>) => {
  configureAmplify(config);
  const tabs = createTabPresence();
  const tokens = createTokenCache({
    // SPEC §4/§9 'Tabs': the session's tokens are shared by the tabs; one refreshes them, the others take the result
    fetchToken: createSharedTokenRefresh({ fetchToken: fetchIdToken }),
    onRefreshed: setTokenRefreshed,
    onForcedSignOut: () => void handleSessionLost(),
    otherTabsActive: () => tabs.otherTabsActiveWithin(timings.tabActiveWindowMs),
  });
  const api = createApiClient({
    baseUrl: config.apiUrl,
    getToken: tokens.getToken,
    waitForAuth: waitForAuthReady,
    onAuthFailure: () => void handleSessionLost(),
  });
  // DESIGN §8: the live channel when the deploy names its socket; pages poll without it
  const live = config.liveUrl ? createLiveSocket({ url: config.liveUrl, getToken: tokens.getToken }) : null;
  return { api, tabs, tokens, live };
};

/**
 * Layout of every page that needs sign-in, antd or the API (lazy, so the public pages load none of it): configures
 * Amplify from `config.json`, creates the one API client and token cache, provides the theme of Settings (with the
 * toasts of SPEC §9) and SWR, and clears what a session cached when it ends (SPEC §4 'Logout').
 */
export const AppProviders = ({ children }: AppProvidersProps) => {
  const config = useWebConfig();
  const [session] = useState(() => createSession(config));

  useEffect(() => {
    session.tabs.start();
    // SPEC §4: a Log Out or sign-in in another tab reaches this one through Amplify's storage events
    const crossTab = createCrossTabAuth({
      status: () => authState.status,
      signOut: () => void signOutOfApp({ byUser: true }),
      load: () => void loadAuthState(),
    });
    const stopHub = Hub.listen('auth', ({ payload }) => crossTab.onAuthEvent(payload), {
      listenerName: 'cross-tab session',
      enableCrossTabEvents: true,
    });
    const stopListening = onSessionEnd(() => {
      session.tokens.clear();
      // the socket was opened with the person's token: the next one (if any) opens their own
      session.live?.restart();
      // every cached answer belongs to the person leaving: SessionCache starts the next one on a new cache
      resetSessionStores();
    });
    return () => {
      stopHub();
      crossTab.stop();
      stopListening();
      session.tabs.stop();
    };
  }, [session]);

  return (
    <SessionCache options={swrOptions}>
      <ApiClientProvider client={session.api}>
        <LiveProvider socket={session.live}>
          <SettingsThemeProvider>
            <ContactDrawerProvider value={LazyContactDrawer}>
              <SessionSync />
              {children ?? <Outlet />}
            </ContactDrawerProvider>
          </SettingsThemeProvider>
        </LiveProvider>
      </ApiClientProvider>
    </SessionCache>
  );
};

/** Background user sync for sessions that were not started by this page's sign-in form (stored or hosted UI). */
const SessionSync = () => {
  useSessionSync();
  return null;
};
