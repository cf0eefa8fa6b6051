import { SendOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';

/** /outreach: the person's drafts and sent e-mails; none yet. */
export const OutreachPage = () => (
  <>
    <title>Outreach · Outreach</title>
    <PageHeader title="Outreach" description="Drafts, sends and follow-ups, contact by contact." />
    <Card>
      <EmptyState
        icon={<SendOutlined />}
        title="No outreach yet"
        description="E-mails you draft for your contacts, written by AI or from a template, appear here. Send them from your connected Gmail or Outlook mailbox and follow each one from draft to sent, with follow-ups and replies alongside."
      />
    </Card>
  </>
);
