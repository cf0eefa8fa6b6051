import type { AppProps } from 'antd';

/** SPEC §9 'Toasts': 5 s, top-right, at most 20 on screen; a loading toast stays until it is replaced. */
export const toastDefaults = {
  placement: 'topRight',
  duration: 5,
  maxCount: 20,
  showProgress: false,
  pauseOnHover: true,
} as const satisfies NonNullable<AppProps['notification']>;
