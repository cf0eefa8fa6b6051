import { Alert, Button, Form, Input } from 'antd';
// antd's Input.Password comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import PasswordInput from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActions, type SignUpInput } from '../hooks/useAuthActions';
import { useAuthSubmit } from '../hooks/useAuthSubmit';
import { passwordHint, passwordProblem } from '../utils/passwordPolicy';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField } from './EmailField';
import './auth.css';

export type SignUpFormProps = {
  /** from `/signup?ref=CODE`, passed on as `signupData.referralCode` (DESIGN §6) */
  referralCode?: string;
};

type SignUpValues = Omit<SignUpInput, 'referralCode'>;

/** Name, e-mail and password; on AWS the e-mailed code follows, locally the account is ready at once. */
export const SignUpForm = ({ referralCode }: SignUpFormProps) => {
  const { signUp, confirmSignUp, resendCode } = useAuthActions();
  const { t } = useTranslation('auth');
  const [awaitingCode, setAwaitingCode] = useState<SignUpInput | null>(null);
  const {
    error,
    submitting,
    submit: handleFinish,
  } = useAuthSubmit('signUp', async (values: SignUpValues) => {
    const input: SignUpInput = { ...values, ...(referralCode ? { referralCode } : {}) };
    if ((await signUp(input)) === 'confirmSignUp') setAwaitingCode(input);
  });

  if (awaitingCode) {
    return (
      <ConfirmSignUpForm
        email={awaitingCode.email}
        onConfirm={(code) => confirmSignUp({ ...awaitingCode, code })}
        onResend={() => resendCode(awaitingCode.email)}
      />
    );
  }

  return (
    <Form<SignUpValues>
      className="auth-form"
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={handleFinish}
    >
      {error ? <Alert role="alert" type="error" showIcon title={error} className="auth-form__alert" /> : null}
      <Form.Item
        label={t('signUp.name')}
        name="name"
        rules={[
          { required: true, whitespace: true, message: t('signUp.nameRequired') },
          { max: 120, message: t('signUp.nameTooLong') },
        ]}
      >
        <Input autoComplete="name" autoFocus placeholder={t('signUp.namePlaceholder')} />
      </Form.Item>
      <EmailField />
      <Form.Item
        label={t('signUp.password')}
        name="password"
        extra={passwordHint()}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = passwordProblem(value ?? '');
              if (problem) throw new Error(value ? problem : t('signUp.choosePassword'));
            },
          },
        ]}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} className="auth-form__submit">
        {t('signUp.submit')}
      </Button>
    </Form>
  );
};
