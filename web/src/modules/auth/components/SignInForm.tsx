import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { authPaths } from '@/modules/auth/authPaths';
import { useAuthActions, type SignInInput } from '../hooks/useAuthActions';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField } from './EmailField';

/** E-mail and password sign-in; an account never confirmed is asked for its code first. */
export const SignInForm = () => {
  const { signIn, confirmSignUp, resendCode } = useAuthActions();
  const [unconfirmed, setUnconfirmed] = useState<SignInInput | null>(null);
  const { error, submitting, submit: handleFinish } = useAuthSubmit('signIn', async (values: SignInInput) => {
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
    <Form<SignInInput> name="sign-in" layout="vertical" requiredMark={false} size="large" onFinish={handleFinish}>
      {error ? <Alert role="alert" type="error" showIcon title={error} style={{ marginBottom: 24 }} /> : null}
      <EmailField autoFocus />
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password.' }]} style={{ marginBottom: 8 }}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <div style={{ textAlign: 'right' }}>
        <Link to={authPaths.resetPassword}>Forgot password?</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} style={{ marginTop: 12 }}>
        Sign in
      </Button>
    </Form>
  );
};
