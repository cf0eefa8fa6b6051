import { PipelineDashboard } from '@/modules/pipeline/components/PipelineDashboard';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

/** /pipeline: contacts by stage (DESIGN §6), moved by events (a send, a reply, a meeting) or by dragging a card. */
export const PipelinePage = () => {
  const { t } = useTranslation('pipeline');
  return (
    <>
      <title>{`${t('title')} · Outreach`}</title>
      <PageHeader title={t('title')} description={t('description')} />
      <PipelineDashboard />
    </>
  );
};
