import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiClientProvider } from '@/lib/http/ApiClientProvider';
import { swrOptions } from '@/lib/http/swrOptions';

/** any fake with a `request`, typed loosely: a test answers only the routes it needs */
export type FakeApiClient = { request: (route: never, ...input: never[]) => Promise<unknown> };

export type ApiTestProvidersProps = { api: FakeApiClient; children: ReactNode };

/** The app's SWR options over a cache of the test's own, and a fake API client, for hooks and components. */
export const ApiTestProviders = ({ api, children }: ApiTestProvidersProps) => (
  <SWRConfig value={{ ...swrOptions, provider: () => new Map() }}>
    <ApiClientProvider client={api as unknown as ApiClient}>{children}</ApiClientProvider>
  </SWRConfig>
);
