import type { ReactNode } from 'react';
import type { WebConfig } from '@shared/web-config';
import { WebConfigContext } from '../hooks/useWebConfig';

export type WebConfigProviderProps = { config: WebConfig; children: ReactNode };

export const WebConfigProvider = ({ config, children }: WebConfigProviderProps) => (
  <WebConfigContext.Provider value={config}>{children}</WebConfigContext.Provider>
);
