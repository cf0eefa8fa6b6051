import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthStep } from '../api/amplifySignIn';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { authErrorMessage } from '../utils/authErrorMessage';
import { useToast } from '@/ui/toast/useToast';
import './auth.css';

export type ConfirmSignUpFormProps = {
  email: string;
  onConfirm: (code: string) => Promise<AuthStep>;
  onResend: () => Promise<void>;
};

type ConfirmValues = { code: string };

/** The e-mailed code that confirms a new account on AWS (DESIGN §2: e-mail verification). */
export const ConfirmSignUpForm = ({ email, onConfirm, onResend }: ConfirmSignUpFormProps) => {
  const toast = useToast();
  const { t } = useTranslation('auth');
  const {
    error,
    setError,
    submitting,
    submit: handleFinish,
  } = useAuthSubmit('confirm', async ({ code }: ConfirmValues) => {
    await onConfirm(code);
  });

  const handleResend = async () => {
    try {
      await onResend();
      toast.success(t('confirm.resent', { email }));
    } catch (failure) {
      setError(authErrorMessage(failure, 'confirm'));
    }
  };

  return (
    <Form<ConfirmValues>
      className="auth-form"
      name="confirm-sign-up"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={handleFinish}
    >
      <Alert
        type="info"
        showIcon
        title={t('confirm.title')}
        description={t('confirm.description', { email })}
        className="auth-form__alert"
      />
      {error ? <Alert role="alert" type="error" showIcon title={error} className="auth-form__alert" /> : null}
      <Form.Item
        label={t('confirm.code')}
        name="code"
        rules={[{ required: true, whitespace: true, message: t('confirm.codeRequired') }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={10} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('confirm.submit')}
      </Button>
      <Button type="link" block onClick={() => void handleResend()} className="auth-form__secondary">
        {t('confirm.resend')}
      </Button>
    </Form>
  );
};
