import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/**
 * antd's confirm dialogs (`modal.confirm`), mounted inside the app's theme. Its chunk is loaded on the first dialog
 * (AppFeedbackProvider).
 */
export const ConfirmHost = ({ onReady }: { onReady: (modal: HookAPI) => void }) => {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [onReady, modal]);
  return holder;
};
