import { TemplatesWorkspace } from '@/modules/templates/components/TemplatesWorkspace';
import { PageHeader } from '@/ui/PageHeader';

/** /templates: the person's reusable e-mails, with placeholders filled in for each contact. */
export const TemplatesPage = () => (
  <>
    <title>Templates · Outreach</title>
    <PageHeader title="Templates" description="Reusable e-mails for the outreach you send again and again." />
    <TemplatesWorkspace />
  </>
);
