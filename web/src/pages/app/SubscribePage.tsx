import { useTranslation } from 'react-i18next';
import { BillingOverview } from '@/modules/billing/components/BillingOverview';
import { PageHeader } from '@/ui/PageHeader';

/** /subscribe: the current plan and usage, the three plans with upgrade and downgrade, and billing (SPEC §2). */
export const SubscribePage = () => {
  const { t } = useTranslation('billing');
  return (
    <>
      <title>{`${t('plansPage.title')} · Outreach`}</title>
      <PageHeader title={t('plansPage.title')} description={t('plansPage.description')} />
      <BillingOverview />
    </>
  );
};
