import { SequencesWorkspace } from '@/modules/sequences/components/SequencesWorkspace';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

/** /sequences: follow-ups sent on their own, a few days apart, until the contact answers (DESIGN §9 'Sequences'). */
export const SequencesPage = () => {
  const { t } = useTranslation('sequences');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <SequencesWorkspace />
    </>
  );
};
