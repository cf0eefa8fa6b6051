import type { ReactNode } from 'react';
import { useAntdLocale } from '@/i18n/language';
import { AppThemeProvider } from '@/ui/AppThemeProvider';
import { useLanguagePreference } from '../hooks/useLanguagePreference';
import { useThemePreference } from '../hooks/useThemePreference';

export type SettingsThemeProviderProps = { children: ReactNode };

/** The app's theme and language as the person set them in Settings (antd's own texts follow the language too). */
export const SettingsThemeProvider = ({ children }: SettingsThemeProviderProps) => {
  useLanguagePreference();
  return (
    <AppThemeProvider preference={useThemePreference()} locale={useAntdLocale()}>
      {children}
    </AppThemeProvider>
  );
};
