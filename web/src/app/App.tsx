import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { WebConfig } from '@shared/web-config';
import { WebConfigProvider } from '@/modules/config/components/WebConfigProvider';
import { createAppRouter } from './router';

export type AppProps = { config: WebConfig };

export const App = ({ config }: AppProps) => {
  const [router] = useState(createAppRouter);
  return (
    <WebConfigProvider config={config}>
      <RouterProvider router={router} />
    </WebConfigProvider>
  );
};
