import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export type EmailFieldProps = { autoFocus?: boolean };

/** The e-mail field of the sign-in and sign-up forms: required, checked as an address. */
export const EmailField = ({ autoFocus = false }: EmailFieldProps) => {
  const { t } = useTranslation('auth');
  return (
    <Form.Item
      label={t('email.label')}
      name="email"
      rules={[
        { required: true, whitespace: true, message: t('email.required') },
        { type: 'email', message: t('email.invalid') },
      ]}
    >
      <Input type="email" autoComplete="email" autoFocus={autoFocus} placeholder={t('email.placeholder')} />
    </Form.Item>
  );
};
