import type { ReactNode } from 'react';
import { useNotificationApi } from '../feedback/AppFeedbackProvider';

export type ToastOptions = {
  /** longer text under the title */
  description?: ReactNode;
  /**
   * replaces an earlier toast with the same key (e.g. a loading toast by its result); @default the type and the title
   * when the title is text, so the same message shown again is one toast shown longer, not a second one stacked on it
   */
  key?: string;
  /** seconds; @default 5 (SPEC §9), `false` for loading toasts */
  duration?: number | false;
};

/** The key a toast gets when none is given: its type and its text (none for a title that is not text). */
export const sameMessageKey = (type: string, title: ReactNode) =>
  typeof title === 'string' ? `${type}:${title}` : undefined;

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
      notification[type]({ title, key: sameMessageKey(type, title), ...options });
  return {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
    loading: (title: ReactNode, options: Omit<ToastOptions, 'duration'> = {}) =>
      notification.info({ title, key: sameMessageKey('loading', title), duration: false, ...options }),
    dismiss: (key?: string) => notification.destroy(key),
  };
};
