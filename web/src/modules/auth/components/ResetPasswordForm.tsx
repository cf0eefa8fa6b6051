import { Alert, Button, Form, Input, Typography } from 'antd';
// antd's Input.Password comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import PasswordInput from 'antd/es/input/Password';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { completePasswordReset, requestPasswordReset } from '../api/amplifySignIn';
import { useAuthActions } from '../hooks/useAuthActions';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { passwordHint, passwordProblem } from '../utils/passwordPolicy';
import { passwordResetErrorMessage } from '../utils/passwordResetErrorMessage';
import './auth.css';

type RequestValues = { email: string };
type CompleteValues = { code: string; newPassword: string };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * SPEC §2 'Password reset form' and §8 'Password reset': the e-mail first ('Check your inbox for further
 * instructions' once Cognito has sent its code), then the code and a new password, after which the person is signed
 * in with it.
 */
export const ResetPasswordForm = () => {
  const { signIn } = useAuthActions();
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);

  const handleRequest = async ({ email: typed }: RequestValues) => {
    const address = normalizeEmail(typed);
    setRequesting(true);
    setRequestError(null);
    try {
      await requestPasswordReset(address);
      setEmail(address);
    } catch (error) {
      setRequestError(passwordResetErrorMessage(error));
    } finally {
      setRequesting(false);
    }
  };

  const complete = useAuthSubmit('confirm', async ({ code, newPassword }: CompleteValues) => {
    if (!email) return;
    await completePasswordReset({ email, code, newPassword });
    await signIn({ email, password: newPassword });
  });

  if (email) {
    return (
      <Form<CompleteValues>
        className="auth-form"
        name="reset-password-complete"
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={complete.submit}
      >
        <Alert role="status" type="success" showIcon title={t('reset.success')} className="auth-form__alert" />
        <Typography.Paragraph type="secondary">
          <Trans t={t} i18nKey="reset.codeSent" values={{ email }} components={{ strong: <strong /> }} />
        </Typography.Paragraph>
        {complete.error ? (
          <Alert role="alert" type="error" showIcon title={complete.error} className="auth-form__alert" />
        ) : null}
        <Form.Item
          label={t('reset.code')}
          name="code"
          rules={[{ required: true, whitespace: true, message: t('reset.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('reset.newPassword')}
          name="newPassword"
          extra={passwordHint()}
          rules={[
            {
              validator: async (_, value?: string) => {
                const problem = passwordProblem(value ?? '');
                if (problem) throw new Error(value ? problem : t('reset.choosePassword'));
              },
            },
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={complete.submitting} className="auth-form__submit">
          {t('reset.submit')}
        </Button>
        <Button
          type="link"
          block
          onClick={() => void handleRequest({ email })}
          disabled={requesting}
          className="auth-form__secondary"
        >
          {t('reset.resend')}
        </Button>
      </Form>
    );
  }

  return (
    <Form<RequestValues>
      className="auth-form"
      name="reset-password"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={handleRequest}
    >
      {requestError ? (
        <Alert role="alert" type="error" showIcon title={requestError} className="auth-form__alert" />
      ) : null}
      <Form.Item
        label={t('email.label')}
        name="email"
        extra={t('reset.hint')}
        rules={[
          { required: true, whitespace: true, message: t('email.required') },
          { type: 'email', message: t('reset.invalidEmail') },
        ]}
      >
        <Input type="email" autoComplete="email" autoFocus placeholder={t('email.placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={requesting} className="auth-form__submit">
        {t('reset.request')}
      </Button>
    </Form>
  );
};
