import { createContext, useContext } from 'react';
import type { WebConfig } from '@shared/web-config';

export const WebConfigContext = createContext<WebConfig | null>(null);

/** The validated `/config.json`; loaded once at boot (main.tsx) before anything renders. */
export const useWebConfig = () => {
  const config = useContext(WebConfigContext);
  if (!config) throw new Error('useWebConfig needs <WebConfigProvider>');
  return config;
};
