import type { ReactNode } from 'react';
import { AppThemeProvider } from '@/ui/AppThemeProvider';
import { useThemePreference } from '../hooks/useThemePreference';

export type SettingsThemeProviderProps = { children: ReactNode };

/** The app's theme as the person set it in Settings (light, dark, or the device's). */
export const SettingsThemeProvider = ({ children }: SettingsThemeProviderProps) => (
  <AppThemeProvider preference={useThemePreference()}>{children}</AppThemeProvider>
);
