import { Card, Typography } from 'antd';
import { PageHeader } from '@/ui/PageHeader';

type Stage = { key: string; title: string; color: string; hint: string };

/** DESIGN §6: the pipeline stages, in order, with what puts a contact in each. */
const stages: readonly Stage[] = [
  { key: 'drafted', title: 'Drafted', color: '#9ca3af', hint: 'Contacts with an e-mail drafted and ready to send.' },
  { key: 'contacted', title: 'Contacted', color: '#4f46e5', hint: 'Contacts you have e-mailed, waiting for an answer.' },
  { key: 'replied', title: 'Replied', color: '#0ea5e9', hint: 'Contacts who wrote back; replies are picked up from your mailbox.' },
  {
    key: 'meeting_scheduled',
    title: 'Meeting scheduled',
    color: '#f59e0b',
    hint: 'Contacts you have booked a meeting with.',
  },
  { key: 'closed', title: 'Closed', color: '#16a34a', hint: 'Conversations you have wrapped up.' },
];

/** /pipeline: contacts by stage, moved by events (a send, a reply, a meeting) or by hand; empty for now. */
export const PipelinePage = () => (
  <>
    <title>Pipeline · Outreach</title>
    <PageHeader
      title="Pipeline"
      description="Every contact moves along on its own as you send, they reply and you meet. You can move them by hand too."
    />
    <div className="pipeline-board" style={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 16 }}>
      {stages.map((stage) => (
        <section key={stage.key} aria-labelledby={`stage-${stage.key}`} data-testid={`pipeline-stage-${stage.key}`}>
          <Card
            size="small"
            styles={{ body: { minHeight: 320, display: 'grid', alignContent: 'start', gap: 12 } }}
            title={
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <span aria-hidden="true" style={{ width: 8, height: 8, borderRadius: '50%', background: stage.color }} />
                <span id={`stage-${stage.key}`}>{stage.title}</span>
              </span>
            }
            extra={
              <Typography.Text type="secondary" aria-label={`${stage.title}: 0 contacts`}>
                0
              </Typography.Text>
            }
          >
            <div
              style={{
                border: '1px dashed #d9dce3',
                borderRadius: 8,
                padding: '20px 12px',
                textAlign: 'center',
                color: '#6b7280',
                fontSize: 13,
                lineHeight: 1.5,
              }}
            >
              <Typography.Text strong style={{ display: 'block', marginBottom: 4, fontSize: 13 }}>
                No contacts
              </Typography.Text>
              {stage.hint}
            </div>
          </Card>
        </section>
      ))}
    </div>
  </>
);
