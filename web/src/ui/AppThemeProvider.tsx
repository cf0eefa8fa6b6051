import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { toastDefaults } from './toast/toastDefaults';

export type AppThemeProviderProps = { children: ReactNode };

/** The light style of the app pages (SPEC §2 'Page styles'): antd's default algorithm with the brand colour. */
export const AppThemeProvider = ({ children }: AppThemeProviderProps) => (
  <ConfigProvider
    theme={{
      algorithm: theme.defaultAlgorithm,
      token: { colorPrimary: '#4f46e5', colorLink: '#4f46e5', borderRadius: 8, fontSize: 14, colorBgLayout: '#f5f6fa' },
    }}
  >
    <AntdApp notification={toastDefaults}>{children}</AntdApp>
  </ConfigProvider>
);
