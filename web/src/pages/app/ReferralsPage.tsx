import { referral } from '@shared/constants';
import { ReferralsOverview } from '@/modules/referrals/components/ReferralsOverview';
import { PageHeader } from '@/ui/PageHeader';

/** /referrals inside the app: the person's code and link, the rewards, and who joined through them. */
export const ReferralsPage = () => (
  <>
    <title>Referrals · Outreach</title>
    <PageHeader
      title="Referrals"
      description={`Invite people you know: you get ${referral.referrerBonusSlots} bonus contact slots for each one who signs up, for up to ${referral.monthlyRewardLimit} a month, and they get ${referral.newUserBonusSlots}.`}
    />
    <ReferralsOverview />
  </>
);
