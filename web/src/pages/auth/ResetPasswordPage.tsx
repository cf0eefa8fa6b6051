import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { ResetPasswordForm } from '@/modules/auth/components/ResetPasswordForm';
import { AuthLayout } from '@/ui/AuthLayout';

/** /resetPassword (SPEC §2 'Password reset form'). */
export const ResetPasswordPage = () => {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      aside={<AuthAside />}
      footer={<Link to={authPaths.login}>{t('reset.backToLogin')}</Link>}
    >
      <title>{t('reset.pageTitle')}</title>
      <ResetPasswordForm />
    </AuthLayout>
  );
};
