import { ConfigProvider, notification } from 'antd';
import type { ReactNode } from 'react';
import { appThemes, documentColorScheme } from '../appTheme';
import { toastDefaults } from './toastDefaults';
import { sameMessageKey, type ToastOptions, toastKey } from './useToast';

let themed = false;

/** Static toasts render outside the React tree: give them the theme the document is painted in when they show. */
const applyAppTheme = () => {
  if (themed) return;
  themed = true;
  ConfigProvider.config({
    holderRender: (children) => <ConfigProvider theme={appThemes[documentColorScheme()]}>{children}</ConfigProvider>,
  });
  // the static API takes its distance from the top once, not per toast
  notification.config({ top: toastDefaults.top });
};

const show =
  (type: 'success' | 'error' | 'info') =>
  (title: ReactNode, options: ToastOptions = {}) => {
    applyAppTheme();
    const { key, ...rest } = options;
    notification[type]({
      title,
      placement: toastDefaults.placement,
      duration: toastDefaults.duration,
      showProgress: toastDefaults.showProgress,
      pauseOnHover: toastDefaults.pauseOnHover,
      ...rest,
      ...toastKey(key ?? sameMessageKey(type, title), false, (earlier) => notification.destroy(earlier)),
    });
  };

/**
 * A toast that stays on screen while the app's layout goes away, e.g. when the person is sent to a public page after
 * their account was deleted. Inside the app, use `useToast`.
 */
export const detachedToast = { success: show('success'), error: show('error'), info: show('info') };
