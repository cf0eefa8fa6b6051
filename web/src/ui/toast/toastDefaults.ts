import type { AppProps } from 'antd';

/**
 * SPEC §9 'Toasts': 5 s, top-right, at most 20 on screen; a loading toast stays until it is replaced. They open below
 * the app's 64 px header: over it, a toast hid the bell and the avatar menu. A pointer on a toast does not hold it:
 * the header's panels (notifications, mailboxes, Zoom) and a drawer's first controls open under the same corner, and a
 * person reaching for 'Mark all as read' or 'Confirm this address' rested the pointer on the toast above it, which then
 * stayed there for good. The bell keeps what a toast said.
 */
export const toastDefaults = {
  placement: 'topRight',
  top: 80,
  duration: 5,
  maxCount: 20,
  showProgress: false,
  pauseOnHover: false,
} as const satisfies NonNullable<AppProps['notification']>;
