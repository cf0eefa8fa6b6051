import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import './account.css';

export type DeleteAccountModalProps = {
  open: boolean;
  email: string;
  /** the paid plan the person pays for now (its label), null on the free plan: deleting cancels it */
  paidPlan?: string | null;
  onCancel: () => void;
  /** deletes the account; a rejection's message shows in the dialog */
  onConfirm: () => Promise<void>;
};

const confirmWord = 'DELETE';

/** DESIGN §6 "Your data": the account goes only after the person types DELETE. */
export const DeleteAccountModal = ({ open, email, paidPlan = null, onCancel, onConfirm }: DeleteAccountModalProps) => {
  const { t } = useTranslation('account');
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('data.deleteFailed'));
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('deleteModal.title')}
      okText={t('deleteModal.ok')}
      okButtonProps={{ danger: true, disabled: typed !== confirmWord, loading: deleting }}
      cancelButtonProps={{ disabled: deleting }}
      onOk={() => void handleConfirm()}
      onCancel={deleting ? undefined : onCancel}
      afterClose={() => {
        setTyped('');
        setError(null);
      }}
      closable={!deleting}
      mask={{ closable: !deleting }}
      destroyOnHidden
    >
      <div className="delete-account">
        <Typography.Paragraph className="delete-account__text">
          {email ? (
            <Trans
              t={t}
              i18nKey="deleteModal.textAccount"
              values={{ email }}
              components={{ strong: <Typography.Text strong /> }}
            />
          ) : (
            t('deleteModal.textYours')
          )}
        </Typography.Paragraph>
        {paidPlan ? (
          <Alert
            type="warning"
            showIcon
            data-testid="delete-account-plan"
            title={t('deleteModal.planCancelled', { plan: paidPlan })}
            description={t('deleteModal.planCancelledDescription')}
          />
        ) : null}
        <label htmlFor="delete-account-confirm" className="delete-account__confirm">
          <span>
            <Trans
              t={t}
              i18nKey="deleteModal.typeToConfirm"
              values={{ word: confirmWord }}
              components={{ code: <Typography.Text code /> }}
            />
          </span>
          <Input
            id="delete-account-confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onPressEnter={() => typed === confirmWord && !deleting && void handleConfirm()}
            autoComplete="off"
            autoFocus
            disabled={deleting}
            placeholder={confirmWord}
          />
        </label>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </div>
    </Modal>
  );
};
