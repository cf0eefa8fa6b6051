import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { syncUserBody } from '@shared/schemas/profile';
import { authPaths } from '@/lib/paths';
import { AuthAside } from '@/modules/auth/components/AuthAside';
import { FederatedSignInButtons } from '@/modules/auth/components/FederatedSignInButtons';
import { ReferralInvite } from '@/modules/auth/components/ReferralInvite';
import { SignUpForm } from '@/modules/auth/components/SignUpForm';
import { AuthLayout } from '@/ui/AuthLayout';

const referralCodeSchema = syncUserBody.shape.signupData.unwrap().shape.referralCode.unwrap();

/** `?ref=CODE` of a referral link (DESIGN §6), if it has the shape the API accepts. */
const referralCodeFrom = (search: URLSearchParams) => {
  const parsed = referralCodeSchema.safeParse(search.get('ref')?.trim());
  return parsed.success ? parsed.data.toUpperCase() : undefined;
};

/** /signup (SPEC §2 'Sign-in routes'). */
export const SignUpPage = () => {
  const location = useLocation();
  const [search] = useSearchParams();
  const referralCode = referralCodeFrom(search);
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free. Add your first contacts in a few minutes."
      aside={<AuthAside />}
      footer={
        <>
          Already have an account?{' '}
          <Link to={authPaths.signIn} state={location.state}>
            Sign in
          </Link>
        </>
      }
    >
      <title>Sign up · Outreach</title>
      {referralCode ? <ReferralInvite code={referralCode} /> : null}
      <FederatedSignInButtons {...(referralCode ? { referralCode } : {})} />
      <SignUpForm {...(referralCode ? { referralCode } : {})} />
    </AuthLayout>
  );
};
