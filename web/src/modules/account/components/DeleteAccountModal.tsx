import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
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
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your account could not be deleted. Please try again.');
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Delete your account?"
      okText="Delete account"
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
          This permanently deletes{' '}
          {email ? (
            <>
              the account <Typography.Text strong>{email}</Typography.Text>
            </>
          ) : (
            'your account'
          )}
          : your profile, documents, contacts, drafts, settings and sign-in. It cannot be undone. Export your data first
          if you want to keep a copy.
        </Typography.Paragraph>
        {paidPlan ? (
          <Alert
            type="warning"
            showIcon
            data-testid="delete-account-plan"
            title={`Your ${paidPlan} plan is cancelled too`}
            description="The subscription ends with the account: nothing more is charged, and the rest of the period is not refunded."
          />
        ) : null}
        <label htmlFor="delete-account-confirm" className="delete-account__confirm">
          <span>
            Type <Typography.Text code>{confirmWord}</Typography.Text> to confirm.
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
