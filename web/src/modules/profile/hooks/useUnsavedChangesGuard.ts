import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { hasUnsavedChanges, unsavedChangesState } from '../state/unsavedChangesState';

/**
 * While an editor of the page reports unsaved changes (useReportDirty), leaving asks first: a link inside the app
 * opens a confirm dialog, closing or reloading the tab the browser's own prompt. One per page: a router keeps a
 * single blocker.
 */
export const useUnsavedChangesGuard = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation('profile');
  const dirty = hasUnsavedChanges(useSnapshot(unsavedChangesState));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // One dialog per blocked navigation: the effect runs again whenever the blocker or the modal API is a new object
  // (a re-render, antd's dialog code arriving), and each run would open another dialog over the first.
  const latestBlocker = useRef(blocker);
  latestBlocker.current = blocker;
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.ok'),
      okButtonProps: { danger: true },
      cancelText: t('leave.cancel'),
      onOk: () => latestBlocker.current.proceed?.(),
      onCancel: () => latestBlocker.current.reset?.(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
};
