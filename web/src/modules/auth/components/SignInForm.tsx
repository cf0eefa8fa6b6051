import { Alert, Button, Form } from 'antd';
// antd's Input.Password comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import PasswordInput from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { authPaths } from '@/lib/paths';
import { useAuthActions, type SignInInput } from '../hooks/useAuthActions';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField } from './EmailField';
import './auth.css';

/** E-mail and password sign-in; an account never confirmed is asked for its code first. */
export const SignInForm = () => {
  const { signIn, confirmSignUp, resendCode } = useAuthActions();
  const { t } = useTranslation('auth');
  const [unconfirmed, setUnconfirmed] = useState<SignInInput | null>(null);
  const {
    error,
    submitting,
    submit: handleFinish,
  } = useAuthSubmit('signIn', async (values: SignInInput) => {
    if ((await signIn(values)) === 'confirmSignUp') setUnconfirmed(values);
  });

  if (unconfirmed) {
    return (
      <ConfirmSignUpForm
        email={unconfirmed.email}
        onConfirm={(code) => confirmSignUp({ ...unconfirmed, code })}
        onResend={() => resendCode(unconfirmed.email)}
      />
    );
  }

  return (
    <Form<SignInInput>
      className="auth-form"
      name="sign-in"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={handleFinish}
    >
      {error ? <Alert role="alert" type="error" showIcon title={error} className="auth-form__alert" /> : null}
      <EmailField autoFocus />
      <Form.Item
        label={t('signIn.password')}
        name="password"
        rules={[{ required: true, message: t('signIn.passwordRequired') }]}
        className="auth-form__password"
      >
        <PasswordInput autoComplete="current-password" />
      </Form.Item>
      <div className="auth-form__forgot">
        <Link to={authPaths.resetPassword}>{t('signIn.forgot')}</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} className="auth-form__submit">
        {t('signIn.submit')}
      </Button>
    </Form>
  );
};
