import { Link } from 'react-router-dom';
import { messages } from '@shared/messages';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { ResetPasswordForm } from '@/modules/auth/components/ResetPasswordForm';
import { AuthLayout } from '@/ui/AuthLayout';

/** /resetPassword (SPEC §2 'Password reset form'). */
export const ResetPasswordPage = () => (
  <AuthLayout
    title={messages.passwordReset.title}
    subtitle="Forgot your password? It happens. We will e-mail you a code to choose a new one."
    aside={<AuthAside />}
    footer={<Link to={authPaths.login}>{messages.passwordReset.backToLogin}</Link>}
  >
    <title>Reset Password · Outreach</title>
    <ResetPasswordForm />
  </AuthLayout>
);
