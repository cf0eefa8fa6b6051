import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './auth.css';

export type ReferralInviteProps = { code: string };

/** Above the sign-up form: the referral code the visitor came with (DESIGN §6). */
export const ReferralInvite = ({ code }: ReferralInviteProps) => {
  const { t } = useTranslation('auth');
  return <Alert type="success" showIcon title={t('signUp.invited', { code })} className="auth-form__alert" />;
};
