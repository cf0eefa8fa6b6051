import { BillingOverview } from '@/modules/billing/components/BillingOverview';
import { PageHeader } from '@/ui/PageHeader';

/** /subscribe: the current plan and usage, the three plans with upgrade and downgrade, and billing (SPEC §2). */
export const SubscribePage = () => (
  <>
    <title>Plans · Outreach</title>
    <PageHeader
      title="Plans"
      description="Every plan has all of Outreach; they differ in how many new contacts you can add each month."
    />
    <BillingOverview />
  </>
);
