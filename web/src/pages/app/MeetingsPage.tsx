import { MeetingsDashboard } from '@/modules/meetings/components/MeetingsDashboard';

/** /meetings: meetings with contacts, upcoming and past or on a calendar; booked, moved, cancelled and noted here. */
export const MeetingsPage = () => (
  <>
    <title>Meetings · Outreach</title>
    <MeetingsDashboard />
  </>
);
