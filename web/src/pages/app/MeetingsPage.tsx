import { CalendarOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';

/** /meetings: meetings with contacts; none yet. */
export const MeetingsPage = () => (
  <>
    <title>Meetings · Outreach</title>
    <PageHeader title="Meetings" description="The calls and coffees your outreach turns into." />
    <Card>
      <EmptyState
        icon={<CalendarOutlined />}
        title="No meetings scheduled"
        description="Meetings you schedule with your contacts appear here, soonest first. With Zoom connected from the header, each meeting gets its own Zoom link automatically."
      />
    </Card>
  </>
);
