import { Card, Typography } from 'antd';
import { PageHeader } from '@/ui/PageHeader';
import './PipelinePage.css';

/** A stage's key also names its colour (PipelinePage.css). */
type Stage = { key: string; title: string; hint: string };

/** DESIGN §6: the pipeline stages, in order, with what puts a contact in each. */
const stages: readonly Stage[] = [
  { key: 'drafted', title: 'Drafted', hint: 'Contacts with an e-mail drafted and ready to send.' },
  { key: 'contacted', title: 'Contacted', hint: 'Contacts you have e-mailed, waiting for an answer.' },
  { key: 'replied', title: 'Replied', hint: 'Contacts who wrote back; replies are picked up from your mailbox.' },
  { key: 'meeting_scheduled', title: 'Meeting scheduled', hint: 'Contacts you have booked a meeting with.' },
  { key: 'closed', title: 'Closed', hint: 'Conversations you have wrapped up.' },
];

/** /pipeline: contacts by stage, moved by events (a send, a reply, a meeting) or by hand; empty for now. */
export const PipelinePage = () => (
  <>
    <title>Pipeline · Outreach</title>
    <PageHeader
      title="Pipeline"
      description="Every contact moves along on its own as you send, they reply and you meet. You can move them by hand too."
    />
    <div className="pipeline-board">
      {stages.map((stage) => (
        <section key={stage.key} aria-labelledby={`stage-${stage.key}`} data-testid={`pipeline-stage-${stage.key}`}>
          <Card
            size="small"
            className="pipeline-stage"
            title={
              <span className="pipeline-stage__title">
                <span aria-hidden="true" className={`pipeline-stage__dot pipeline-stage__dot--${stage.key}`} />
                <span id={`stage-${stage.key}`}>{stage.title}</span>
              </span>
            }
            extra={
              <Typography.Text type="secondary" aria-label={`${stage.title}: 0 contacts`}>
                0
              </Typography.Text>
            }
          >
            <div className="pipeline-stage__empty">
              <Typography.Text strong className="pipeline-stage__empty-title">
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
