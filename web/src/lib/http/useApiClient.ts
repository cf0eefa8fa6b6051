import { createContext, useContext } from 'react';
import type { ApiClient } from './apiClient';

export const ApiClientContext = createContext<ApiClient | null>(null);

/** The app's one API client (created once by the app providers, passed in so tests can give their own). */
export const useApiClient = () => {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs <ApiClientProvider>');
  return client;
};
