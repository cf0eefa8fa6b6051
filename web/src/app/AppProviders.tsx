import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { createApiClient } from '../modules/api/apiClient';
import { ApiClientProvider } from '../modules/api/components/ApiClientProvider';
import { configureAmplify, getIdToken } from '../modules/auth/api/amplifyAuth';
import { useWebConfig } from '../modules/config/hooks/useWebConfig';
import { AppThemeProvider } from '../ui/AppThemeProvider';

/** SPEC §9 'Data fetching caches' (first configuration). */
const swrOptions: SWRConfiguration = {
  dedupingInterval: 2_000,
  errorRetryInterval: 5_000,
  focusThrottleInterval: 5_000,
  loadingTimeout: 3_000,
};

/**
 * Layout route of every page that needs sign-in, antd or the API (lazy, so the public pages load none of it):
 * configures Amplify from `config.json`, creates the one API client and provides the light theme and SWR.
 */
export const AppProviders = () => {
  const config = useWebConfig();
  const [api] = useState(() => {
    configureAmplify(config);
    return createApiClient({ baseUrl: config.apiUrl, getIdToken });
  });

  return (
    <AppThemeProvider>
      <SWRConfig value={swrOptions}>
        <ApiClientProvider client={api}>
          <Outlet />
        </ApiClientProvider>
      </SWRConfig>
    </AppThemeProvider>
  );
};
