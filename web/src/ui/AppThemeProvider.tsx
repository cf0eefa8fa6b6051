import { ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { appThemes } from './appTheme';
import { applyColorScheme, type ThemePreference } from './theme/themePreference';
import { useColorScheme } from './theme/useColorScheme';
import { AppFeedbackProvider } from './feedback/AppFeedbackProvider';
import './AppThemeProvider.css';

export type AppThemeProviderProps = {
  /** the person's choice; 'system' follows the device */
  preference: ThemePreference;
  /** antd's own texts (pagination, empty states, pickers); antd's English without one */
  locale?: ConfigProviderProps['locale'];
  children: ReactNode;
};

/**
 * The app pages' style (SPEC §2 'Page styles': light, or dark or the device's as chosen in Settings), with the toasts
 * of SPEC §9. The document is marked with the scheme before the browser paints, so plain markup and the page
 * background follow it too.
 */
export const AppThemeProvider = ({ preference, locale, children }: AppThemeProviderProps) => {
  const scheme = useColorScheme(preference);
  useLayoutEffect(() => applyColorScheme(scheme), [scheme]);
  return (
    <ConfigProvider theme={appThemes[scheme]} locale={locale}>
      <ThemedRoot cssVarClass={appThemes[scheme].cssVar.key}>
        <AppFeedbackProvider>{children}</AppFeedbackProvider>
      </ThemedRoot>
    </ConfigProvider>
  );
};

/**
 * The element that carries the theme's CSS variables (and antd's base text style) to plain markup below, as antd's
 * `App` would, without antd's toast and dialog code that `App` imports.
 */
const ThemedRoot = ({ cssVarClass, children }: { cssVarClass: string; children: ReactNode }) => {
  const { hashId } = theme.useToken();
  return <div className={['app-theme', hashId, cssVarClass].filter(Boolean).join(' ')}>{children}</div>;
};
