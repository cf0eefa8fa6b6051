import type { ReactNode } from 'react';
import { useNotificationApi } from '../feedback/AppFeedbackProvider';

export type ToastOptions = {
  /** longer text under the title */
  description?: ReactNode;
  /** replaces an earlier toast with the same key (e.g. a loading toast by its result) */
  key?: string;
  /** seconds; @default 5 (SPEC §9), `false` for loading toasts */
  duration?: number | false;
};

/**
 * Toasts of the app pages (SPEC §9 defaults, set once in AppThemeProvider): `toast.success('Saved')`,
 * `toast.error(error.message)`, `toast.loading('Importing...', {key})` then `toast.success('Imported', {key})`.
 * antd's notification code is loaded with the first toast (ui/feedback/AppFeedbackProvider).
 */
export const useToast = () => {
  const notification = useNotificationApi();
  const show =
    (type: 'success' | 'error' | 'info' | 'warning') =>
    (title: ReactNode, options: ToastOptions = {}) =>
      notification[type]({ title, ...options });
  return {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
    loading: (title: ReactNode, options: Omit<ToastOptions, 'duration'> = {}) =>
      notification.info({ title, duration: false, ...options }),
    dismiss: (key?: string) => notification.destroy(key),
  };
};
