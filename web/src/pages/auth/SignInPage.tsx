import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { FederatedSignInButtons } from '@/modules/auth/components/FederatedSignInButtons';
import { SignInForm } from '@/modules/auth/components/SignInForm';
import { AuthLayout } from '@/ui/AuthLayout';

/** /signin and /login (SPEC §2 'Sign-in routes'). */
export const SignInPage = () => {
  const location = useLocation();
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      aside={<AuthAside />}
      footer={
        <>
          {t('signIn.newHere')}{' '}
          <Link to={authPaths.signUp} state={location.state}>
            {t('signIn.createAccount')}
          </Link>
        </>
      }
    >
      <title>{t('signIn.pageTitle')}</title>
      <FederatedSignInButtons />
      <SignInForm />
    </AuthLayout>
  );
};
