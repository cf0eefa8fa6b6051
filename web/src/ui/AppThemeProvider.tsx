import { App as AntdApp, ConfigProvider } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { appThemes } from './appTheme';
import { applyColorScheme, type ThemePreference } from './theme/themePreference';
import { useColorScheme } from './theme/useColorScheme';
import { toastDefaults } from './toast/toastDefaults';

export type AppThemeProviderProps = {
  /** the person's choice; 'system' follows the device */
  preference: ThemePreference;
  children: ReactNode;
};

/**
 * The app pages' style (SPEC §2 'Page styles': light, or dark or the device's as chosen in Settings), with the toasts
 * of SPEC §9. The document is marked with the scheme before the browser paints, so plain markup and the page
 * background follow it too.
 */
export const AppThemeProvider = ({ preference, children }: AppThemeProviderProps) => {
  const scheme = useColorScheme(preference);
  useLayoutEffect(() => applyColorScheme(scheme), [scheme]);
  return (
    <ConfigProvider theme={appThemes[scheme]}>
      <AntdApp className="app-theme" notification={toastDefaults}>
        {children}
      </AntdApp>
    </ConfigProvider>
  );
};
