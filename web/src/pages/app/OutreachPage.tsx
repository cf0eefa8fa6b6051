import { useUnsavedChangesGuard } from '@/modules/profile/hooks/useUnsavedChangesGuard';
import { OutreachDashboard } from '@/modules/outreach/components/OutreachDashboard';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

/** /outreach: every contact with its primary draft; write e-mails for many at once, edit each before it goes. */
export const OutreachPage = () => {
  // leaving the page with an e-mail's changes not saved asks first (the draft drawer reports them)
  useUnsavedChangesGuard();
  const { t } = useTranslation('outreach');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <OutreachDashboard />
    </>
  );
};
