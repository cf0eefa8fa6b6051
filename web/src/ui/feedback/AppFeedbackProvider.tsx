// antd keeps App.useApp's context out of its public exports; the app provides it itself so that the toast and dialog
// code (antd's App would import both up front) arrives only when first used (the first visit's JS).
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { ArgsProps as MessageArgs, MessageType } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { ConfirmHost as ConfirmHostComponent } from './ConfirmHost';
import type { ToastApis, ToastHost as ToastHostComponent } from './ToastHost';

/** Calls on an API that is loaded on the first call; the calls made meanwhile run, in order, once it is there. */
export const createLazyApi = <Api,>(load: () => void) => {
  let api: Api | null = null;
  let waiting: ((api: Api) => void)[] = [];
  let requested = false;
  return {
    run: (call: (api: Api) => void) => {
      if (api) return call(api);
      waiting.push(call);
      if (requested) return;
      requested = true;
      load();
    },
    /** Like `run`, but loads nothing: without the API nothing it would act on was shown (e.g. closing a toast). */
    runIfLoading: (call: (api: Api) => void) => {
      if (api) call(api);
      else if (requested) waiting.push(call);
    },
    ready: (next: Api) => {
      api = next;
      const calls = waiting;
      waiting = [];
      for (const call of calls) call(next);
    },
  };
};

type LazyApi<Api> = ReturnType<typeof createLazyApi<Api>>;

/** A notification API whose calls wait for `lazy` to load the real one. */
const lazyNotification = (lazy: LazyApi<NotificationInstance>): NotificationInstance => {
  const notify = (type: 'success' | 'error' | 'info' | 'warning' | 'open') => (args: NotificationArgs) =>
    lazy.run((api) => api[type](args));
  return {
    success: notify('success'),
    error: notify('error'),
    info: notify('info'),
    warning: notify('warning'),
    open: notify('open'),
    destroy: (key) => lazy.runIfLoading((api) => api.destroy(key)),
  };
};

/** Outside an AppFeedbackProvider (a component tested alone): antd's static notification, loaded on first use. */
const fallbackNotifications: LazyApi<NotificationInstance> = createLazyApi<NotificationInstance>(() => {
  void import('./fallbackNotification').then((module) => fallbackNotifications.ready(module.notification));
});

const ToastContext = createContext<NotificationInstance>(lazyNotification(fallbackNotifications));

/** A message's close function and promise before the message exists: both reach it once it does. */
const pendingMessage = (run: (call: (api: ToastApis) => void) => void, open: (api: ToastApis) => MessageType) => {
  let close: (() => void) | null = null;
  let closed = false;
  const result = new Promise<boolean>((resolve) =>
    run((api) => {
      if (closed) return resolve(false);
      const shown = open(api);
      close = shown;
      shown.then(resolve);
    }),
  );
  return Object.assign(
    () => {
      closed = true;
      close?.();
    },
    // biome-ignore lint/suspicious/noThenProperty: antd's message and dialog handles are thenables
    { then: result.then.bind(result) },
  ) as MessageType;
};

/** A dialog's destroy/update handle and promise before the dialog exists: all reach it once it does. */
const pendingDialog = (
  run: (call: (modal: HookAPI) => void) => void,
  open: (modal: HookAPI) => ReturnType<HookAPI['confirm']>,
) => {
  let dialog: ReturnType<HookAPI['confirm']> | null = null;
  let destroyed = false;
  const updates: Parameters<ReturnType<HookAPI['confirm']>['update']>[0][] = [];
  const result = new Promise<boolean>((resolve) =>
    run((modal) => {
      if (destroyed) return resolve(false);
      dialog = open(modal);
      for (const update of updates) dialog.update(update);
      dialog.then(resolve, () => resolve(false));
    }),
  );
  return {
    destroy: () => {
      destroyed = true;
      dialog?.destroy();
    },
    update: (config: Parameters<ReturnType<HookAPI['confirm']>['update']>[0]) => {
      if (dialog) dialog.update(config);
      else updates.push(config);
    },
    // biome-ignore lint/suspicious/noThenProperty: antd's message and dialog handles are thenables
    then: result.then.bind(result),
  } as ReturnType<HookAPI['confirm']>;
};

/**
 * `App.useApp().notification` without antd's `App` (importing `App` brings its toast and dialog code into the
 * importer's chunk): the toasts of the AppFeedbackProvider above.
 */
export const useNotificationApi = () => useContext(ToastContext);

/**
 * What antd's `App` gives its children (`App.useApp()`: notification, message, modal), with the toasts' defaults of
 * SPEC §9, but with antd's code for each loaded on its first use. Toasts and dialogs render inside the app's theme.
 */
export const AppFeedbackProvider = ({ children }: { children: ReactNode }) => {
  const [ToastHost, setToastHost] = useState<typeof ToastHostComponent | null>(null);
  const [ConfirmHost, setConfirmHost] = useState<typeof ConfirmHostComponent | null>(null);

  const { toasts, dialogs, value } = useMemo(() => {
    const toasts: LazyApi<ToastApis> = createLazyApi<ToastApis>(() => {
      void import('./ToastHost').then((module) => setToastHost(() => module.ToastHost));
    });
    const dialogs = createLazyApi<HookAPI>(() => {
      void import('./ConfirmHost').then((module) => setConfirmHost(() => module.ConfirmHost));
    });
    const notifications: LazyApi<NotificationInstance> = {
      run: (call) => toasts.run((api) => call(api.notification)),
      runIfLoading: (call) => toasts.runIfLoading((api) => call(api.notification)),
      ready: () => {},
    };
    const say =
      (type: 'success' | 'error' | 'info' | 'warning' | 'loading') =>
      (...args: Parameters<ToastApis['message'][typeof type]>) =>
        pendingMessage(toasts.run, (api) => api.message[type](...args));
    const ask = (type: keyof HookAPI) => (config: ModalFuncProps) =>
      pendingDialog(dialogs.run, (modal) => modal[type](config));
    const value: useAppProps = {
      notification: lazyNotification(notifications),
      message: {
        success: say('success'),
        error: say('error'),
        info: say('info'),
        warning: say('warning'),
        loading: say('loading'),
        open: (args: MessageArgs) => pendingMessage(toasts.run, (api) => api.message.open(args)),
        destroy: (key) => toasts.runIfLoading((api) => api.message.destroy(key)),
      },
      modal: {
        confirm: ask('confirm'),
        info: ask('info'),
        success: ask('success'),
        error: ask('error'),
        warning: ask('warning'),
      },
    };
    return { toasts, dialogs, value };
  }, []);

  return (
    <AppContext.Provider value={value}>
      <ToastContext.Provider value={value.notification}>{children}</ToastContext.Provider>
      {ToastHost ? <ToastHost onReady={toasts.ready} /> : null}
      {ConfirmHost ? <ConfirmHost onReady={dialogs.ready} /> : null}
    </AppContext.Provider>
  );
};
