import { useSyncExternalStore } from 'react';
import {
  onSystemColorSchemeChange,
  resolveColorScheme,
  systemPrefersDark,
  type ColorScheme,
  type ThemePreference,
} from './themePreference';

/** The scheme to paint for a preference; with 'system' it follows the device as it switches. */
export const useColorScheme = (preference: ThemePreference): ColorScheme => {
  const prefersDark = useSyncExternalStore(onSystemColorSchemeChange, systemPrefersDark, () => false);
  return resolveColorScheme(preference, prefersDark);
};
