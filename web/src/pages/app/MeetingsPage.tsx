import { useTranslation } from 'react-i18next';
import { MeetingsDashboard } from '@/modules/meetings/components/MeetingsDashboard';

/** /meetings: meetings with contacts, upcoming and past or on a calendar; booked, moved, cancelled and noted here. */
export const MeetingsPage = () => {
  const { t } = useTranslation('shell');
  return (
    <>
      <title>{`${t('nav.meetings')} · Outreach`}</title>
      <MeetingsDashboard />
    </>
  );
};
