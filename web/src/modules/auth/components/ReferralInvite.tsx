import { Alert } from 'antd';
import './auth.css';

export type ReferralInviteProps = { code: string };

/** Above the sign-up form: the referral code the visitor came with (DESIGN §6). */
export const ReferralInvite = ({ code }: ReferralInviteProps) => (
  <Alert type="success" showIcon title={`You were invited with referral code ${code}.`} className="auth-form__alert" />
);
