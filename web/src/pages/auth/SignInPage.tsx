import { Link, useLocation } from 'react-router-dom';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { FederatedSignInButtons } from '@/modules/auth/components/FederatedSignInButtons';
import { SignInForm } from '@/modules/auth/components/SignInForm';
import { AuthLayout } from '@/ui/AuthLayout';

/** /signin and /login (SPEC §2 'Sign-in routes'). */
export const SignInPage = () => {
  const location = useLocation();
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to pick up your outreach where you left it."
      aside={<AuthAside />}
      footer={
        <>
          New to Outreach?{' '}
          <Link to={authPaths.signUp} state={location.state}>
            Create an account
          </Link>
        </>
      }
    >
      <title>Sign in · Outreach</title>
      <FederatedSignInButtons />
      <SignInForm />
    </AuthLayout>
  );
};
