import { FileTextOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';

/** /templates: the person's reusable e-mails; none yet. */
export const TemplatesPage = () => (
  <>
    <title>Templates · Outreach</title>
    <PageHeader title="Templates" description="Reusable e-mails for the outreach you send again and again." />
    <Card>
      <EmptyState
        icon={<FileTextOutlined />}
        title="No templates yet"
        description="A template is an e-mail you write once, with placeholders such as the contact's first name and company that are filled in for each person. Templates you save appear here, ready to use instead of an AI-written draft."
      />
    </Card>
  </>
);
