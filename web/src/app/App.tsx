import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { WebConfig } from '@shared/web-config';
import { WebConfigProvider } from '@/modules/config/components/WebConfigProvider';
import { applyStoredColorScheme } from '@/ui/theme/themePreference';
import { createAppRouter } from './router';

// the first paint in the scheme this browser last showed the app in, before the config or any page has loaded
applyStoredColorScheme();

export type AppProps = { config: WebConfig };

export const App = ({ config }: AppProps) => {
  const [router] = useState(createAppRouter);
  return (
    <WebConfigProvider config={config}>
      <RouterProvider router={router} />
    </WebConfigProvider>
  );
};
