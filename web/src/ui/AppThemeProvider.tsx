import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { appTheme } from './appTheme';
import { toastDefaults } from './toast/toastDefaults';

export type AppThemeProviderProps = { children: ReactNode };

/** The light style of the app pages (SPEC §2 'Page styles'), with the toasts of SPEC §9. */
export const AppThemeProvider = ({ children }: AppThemeProviderProps) => (
  <ConfigProvider theme={appTheme}>
    <AntdApp notification={toastDefaults}>{children}</AntdApp>
  </ConfigProvider>
);
