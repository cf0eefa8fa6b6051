import { TemplatesWorkspace } from '@/modules/templates/components/TemplatesWorkspace';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/ui/PageHeader';

/** /templates: the person's reusable e-mails, with placeholders filled in for each contact. */
export const TemplatesPage = () => {
  const { t } = useTranslation('templates');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <TemplatesWorkspace />
    </>
  );
};
