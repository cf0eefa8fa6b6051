import { useUnsavedChangesGuard } from '@/modules/profile/hooks/useUnsavedChangesGuard';
import { OutreachDashboard } from '@/modules/outreach/components/OutreachDashboard';
import { PageHeader } from '@/ui/PageHeader';

/** /outreach: every contact with its primary draft; write e-mails for many at once, edit each before it goes. */
export const OutreachPage = () => {
  // leaving the page with an e-mail's changes not saved asks first (the draft drawer reports them)
  useUnsavedChangesGuard();
  return (
    <>
      <title>Outreach · Outreach</title>
      <PageHeader title="Outreach" description="Drafts, sends and follow-ups, contact by contact." />
      <OutreachDashboard />
    </>
  );
};
