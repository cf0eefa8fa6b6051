import { referral } from '@shared/constants';
import { ReferralsOverview } from '@/modules/referrals/components/ReferralsOverview';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

/** /referrals inside the app: the person's code and link, the rewards, and who joined through them. */
export const ReferralsPage = () => {
  const { t } = useTranslation('referrals');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader
        title={t('page.title')}
        description={t('page.description', {
          referrerBonus: referral.referrerBonusSlots,
          monthlyLimit: referral.monthlyRewardLimit,
          newUserBonus: referral.newUserBonusSlots,
        })}
      />
      <ReferralsOverview />
    </>
  );
};
