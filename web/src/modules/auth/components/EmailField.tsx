import { Form, Input } from 'antd';

export type EmailFieldProps = { autoFocus?: boolean };

/** The e-mail field of the sign-in and sign-up forms: required, checked as an address. */
export const EmailField = ({ autoFocus = false }: EmailFieldProps) => (
  <Form.Item
    label="E-mail"
    name="email"
    rules={[
      { required: true, whitespace: true, message: 'Enter your e-mail address.' },
      { type: 'email', message: 'Enter a valid e-mail address.' },
    ]}
  >
    <Input type="email" autoComplete="email" autoFocus={autoFocus} placeholder="you@company.com" />
  </Form.Item>
);
