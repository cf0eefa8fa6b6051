import { PublicLayout } from '@/modules/public/components/PublicLayout';
import { ReferralProgramPage } from '@/pages/public/ReferralProgramPage';

/** `/referrals` for a signed-out visitor: the referral program landing (SPEC §2 public routes). */
export const PublicReferrals = () => (
  <PublicLayout>
    <ReferralProgramPage />
  </PublicLayout>
);
