import { OutreachDashboard } from '@/modules/outreach/components/OutreachDashboard';
import { PageHeader } from '@/ui/PageHeader';

/** /outreach: every contact with its primary draft; write e-mails for many at once, edit each before it goes. */
export const OutreachPage = () => (
  <>
    <title>Outreach · Outreach</title>
    <PageHeader title="Outreach" description="Drafts, sends and follow-ups, contact by contact." />
    <OutreachDashboard />
  </>
);
