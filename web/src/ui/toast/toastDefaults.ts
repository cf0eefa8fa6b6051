import type { AppProps } from 'antd';

/**
 * SPEC §9 'Toasts': 5 s, top-right, at most 20 on screen; a loading toast stays until it is replaced. They open below
 * the app's 64 px header: over it, a toast hid the bell and the avatar menu, and a pointer on the bell paused the toast
 * (pauseOnHover) so it never went.
 */
export const toastDefaults = {
  placement: 'topRight',
  top: 80,
  duration: 5,
  maxCount: 20,
  showProgress: false,
  pauseOnHover: true,
} as const satisfies NonNullable<AppProps['notification']>;
