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

/** The toast on screen under each key the app asked for, and whether it is a loading one. */
const shown = new Map<string, { key: string; loading: boolean }>();
let opened = 0;

/**
 * The key antd gets for a toast the app shows under `wanted`. A toast shown again while one of its key is still on
 * screen closes that one and opens under a fresh key: opening the same key again just as its 5 s ran out left the toast
 * on screen for good (rc-notification's leave and new entry of one key crossed; two e-mails sent 5 s apart kept
 * 'Sending your e-mail' over the bell's panel for minutes). A loading toast is replaced in place by its result (it runs
 * no timer, so nothing crosses). `onClose` forgets the key once its toast is gone.
 */
export const toastKey = (wanted: string | undefined, loading: boolean, close: (key: string) => void) => {
  if (wanted === undefined) return {};
  const current = shown.get(wanted);
  let key = current?.key;
  if (!current?.loading) {
    if (current) close(current.key);
    opened += 1;
    key = `${wanted}#${opened}`;
  }
  const own = key as string;
  shown.set(wanted, { key: own, loading });
  return {
    key: own,
    onClose: () => {
      if (shown.get(wanted)?.key === own) shown.delete(wanted);
    },
  };
};

/** The key antd knows the toast of `wanted` by, while it is on screen. */
export const shownKey = (wanted: string) => shown.get(wanted)?.key;

/**
 * Toasts of the app pages (SPEC §9 defaults, set once in AppThemeProvider): `toast.success('Saved')`,
 * `toast.error(error.message)`, `toast.loading('Importing...', {key})` then `toast.success('Imported', {key})`.
 * antd's notification code is loaded with the first toast (ui/feedback/AppFeedbackProvider).
 */
export const useToast = () => {
  const notification = useNotificationApi();
  const close = (key: string) => notification.destroy(key);
  const show =
    (type: 'success' | 'error' | 'info' | 'warning') =>
    ({ key, ...options }: ToastOptions, title: ReactNode, loading = false) =>
      notification[type]({
        title,
        ...options,
        ...toastKey(key ?? sameMessageKey(loading ? 'loading' : type, title), loading, close),
      });
  return {
    success: (title: ReactNode, options: ToastOptions = {}) => show('success')(options, title),
    error: (title: ReactNode, options: ToastOptions = {}) => show('error')(options, title),
    info: (title: ReactNode, options: ToastOptions = {}) => show('info')(options, title),
    warning: (title: ReactNode, options: ToastOptions = {}) => show('warning')(options, title),
    loading: (title: ReactNode, options: Omit<ToastOptions, 'duration'> = {}) =>
      show('info')({ ...options, duration: false }, title, true),
    dismiss: (key?: string) => {
      const own = key === undefined ? undefined : shownKey(key);
      if (key === undefined || own !== undefined) notification.destroy(own);
    },
  };
};
