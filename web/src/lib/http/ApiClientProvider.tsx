import type { ReactNode } from 'react';
import type { ApiClient } from './apiClient';
import { ApiClientContext } from './useApiClient';

export type ApiClientProviderProps = { client: ApiClient; children: ReactNode };

export const ApiClientProvider = ({ client, children }: ApiClientProviderProps) => (
  <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
);
