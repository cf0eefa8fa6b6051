import { theme, type ThemeConfig } from 'antd';

/** The light style of the app pages (SPEC §2 'Page styles'): antd's default algorithm with the brand colour. */
export const appTheme: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: { colorPrimary: '#4f46e5', colorLink: '#4f46e5', borderRadius: 8, fontSize: 14, colorBgLayout: '#f5f6fa' },
};
