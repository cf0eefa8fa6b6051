import { PipelineDashboard } from '@/modules/pipeline/components/PipelineDashboard';
import { pipelineMessages as text } from '@/modules/pipeline/pipelineMessages';
import { PageHeader } from '@/ui/PageHeader';

/** /pipeline: contacts by stage (DESIGN §6), moved by events (a send, a reply, a meeting) or by dragging a card. */
export const PipelinePage = () => (
  <>
    <title>Pipeline · Outreach</title>
    <PageHeader title={text.title} description={text.description} />
    <PipelineDashboard />
  </>
);
