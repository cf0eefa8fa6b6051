import { theme, type ThemeConfig } from 'antd';
import type { ColorScheme } from './theme/themePreference';

/** The brand's indigo: the primary colour of both schemes (a lighter step on dark, for contrast). */
const brand = { light: '#4f46e5', dark: '#7c7cf8' } as const;

const shared = { borderRadius: 8, fontSize: 14 } as const;

/**
 * The app pages' styles: the light one of SPEC §2 'Page styles' and a dark one (Settings' theme). Every colour the app
 * paints comes from these tokens, as antd's CSS variables (`var(--ant-color-…)`) in the modules' CSS.
 */
export const appThemes: Record<ColorScheme, ThemeConfig & { cssVar: { key: string } }> = {
  light: {
    // the class that carries the scheme's variables (AppThemeProvider puts it on the app's root element)
    cssVar: { key: 'app-theme-light' },
    algorithm: theme.defaultAlgorithm,
    token: { ...shared, colorPrimary: brand.light, colorLink: brand.light, colorBgLayout: '#f5f6fa' },
  },
  dark: {
    cssVar: { key: 'app-theme-dark' },
    algorithm: theme.darkAlgorithm,
    token: {
      ...shared,
      colorPrimary: brand.dark,
      colorLink: brand.dark,
      colorBgBase: '#0f1117',
      colorBgLayout: '#0b0d12',
    },
  },
};

/** The scheme the document is painted in now (`<html data-theme>`), for what renders outside the React tree. */
export const documentColorScheme = (): ColorScheme =>
  globalThis.document?.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
