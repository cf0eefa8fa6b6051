import { theme, type ThemeConfig } from 'antd';
import type { ColorScheme } from './theme/themePreference';

/**
 * The brand's indigo. On light pages one step serves fills and text alike; on dark ones the fill under a button's white
 * label is a deeper step (5.3:1, once antd's dark algorithm has toned it) and links and primary-coloured text a lighter one (7:1 and more), as no single indigo
 * reads at 4.5:1 both under white and over the dark page (WCAG 2.2 AA, held by appTheme.test.ts).
 */
const brand = { light: '#4f46e5', darkFill: '#6b6bf0', darkText: '#a5b4fc' } as const;

/**
 * Text of the lesser weights (tertiary, descriptions, form hints) and of the statuses: antd's defaults (45 % black,
 * #52c41a on green) read at 2.2 to 3.4:1; these read at 4.5:1 or more on the page, its cards and their status fills.
 */
const readable = {
  light: {
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorInfoText: '#0958d9',
  },
  dark: {
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextDescription: 'rgba(255, 255, 255, 0.6)',
    colorPrimaryText: brand.darkText,
    colorError: '#ff8f8c',
    colorErrorText: '#ff7875',
    colorSuccessText: '#6ee07a',
    colorWarningText: '#e8b339',
    colorInfoText: '#65a9f3',
  },
} as const;

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
    token: {
      ...shared,
      ...readable.light,
      colorPrimary: brand.light,
      colorLink: brand.light,
      colorBgLayout: '#f5f6fa',
    },
  },
  dark: {
    cssVar: { key: 'app-theme-dark' },
    algorithm: theme.darkAlgorithm,
    token: {
      ...shared,
      ...readable.dark,
      colorPrimary: brand.darkFill,
      colorLink: brand.darkText,
      colorBgBase: '#0f1117',
      colorBgLayout: '#0b0d12',
    },
    // the danger fill is the light red that error text uses on dark pages: its label is dark to read on it
    // a selected tab's label is primary-coloured text over the page, so it takes the text step of the indigo
    components: {
      Button: { dangerColor: '#0b0d12' },
      Tabs: { itemSelectedColor: brand.darkText, itemActiveColor: brand.darkText, itemHoverColor: brand.darkText },
    },
  },
};

/** The scheme the document is painted in now (`<html data-theme>`), for what renders outside the React tree. */
export const documentColorScheme = (): ColorScheme =>
  globalThis.document?.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
