import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { syncUserBody } from '@shared/schemas/profile';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { FederatedSignInButtons } from '@/modules/auth/components/FederatedSignInButtons';
import { ReferralInvite } from '@/modules/auth/components/ReferralInvite';
import { SignUpForm } from '@/modules/auth/components/SignUpForm';
import { AuthLayout } from '@/ui/AuthLayout';

const referralCodeSchema = syncUserBody.shape.signupData.def.innerType.shape.referralCode.def.innerType;

/** `?ref=CODE` of a referral link (DESIGN §6), if it has the shape the API accepts. */
const referralCodeFrom = (search: URLSearchParams) => {
  const parsed = referralCodeSchema.safeParse(search.get('ref')?.trim());
  return parsed.success ? parsed.data.toUpperCase() : undefined;
};

/** /signup (SPEC §2 'Sign-in routes'). */
export const SignUpPage = () => {
  const location = useLocation();
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const referralCode = referralCodeFrom(search);
  return (
    <AuthLayout
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      aside={<AuthAside />}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to={authPaths.signIn} state={location.state}>
            {t('signUp.signIn')}
          </Link>
        </>
      }
    >
      <title>{t('signUp.pageTitle')}</title>
      {referralCode ? <ReferralInvite code={referralCode} /> : null}
      <FederatedSignInButtons {...(referralCode ? { referralCode } : {})} />
      <SignUpForm {...(referralCode ? { referralCode } : {})} />
    </AuthLayout>
  );
};
