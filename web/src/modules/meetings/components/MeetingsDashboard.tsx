import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import type { Meeting } from '@shared/schemas/meetings';
import { Alert, Button, Drawer, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/useNow';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useZoomConnection } from '@/modules/zoom/hooks/useZoomConnection';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';
import { useToast } from '@/ui/toast/useToast';
import { useMeetingActions } from '../hooks/useMeetingActions';
import { useMeetings } from '../hooks/useMeetings';
import { splitMeetings } from '../utils/meetingLabels';
import { LazyBookMeetingModal } from './LazyBookMeetingModal';
import { type MeetingAction, MeetingCard } from './MeetingCard';
import { MeetingsCalendar } from './MeetingsCalendar';
import { RescheduleModal } from './RescheduleModal';
import './meetings.css';

type View = 'upcoming' | 'past' | 'calendar';

/**
 * /meetings: the user's meetings, upcoming (soonest first) and past (latest first), or a month calendar; each can be
 * rescheduled, cancelled, marked done, given notes or its missing Zoom link; a meeting is booked from here too.
 */
export const MeetingsDashboard = () => {
  const { t } = useTranslation('meetings');
  const { data, error, isLoading, mutate } = useMeetings();
  const { settings } = useSettings();
  const { connection } = useZoomConnection();
  const actions = useMeetingActions();
  const toast = useToast();
  const now = useNow();
  const [view, setView] = useState<View>('upcoming');
  const [booking, setBooking] = useState(false);
  const [rescheduling, setRescheduling] = useState<Meeting | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: MeetingAction } | null>(null);
  const { timeZone } = settings;
  const meetings = data ?? [];
  const { upcoming, past } = splitMeetings(meetings, now);
  const opened = meetings.find((meeting) => meeting.id === openId) ?? null;

  /**
   * Runs an action on a meeting and says how it went (a toast; the reschedule modal says a failure itself); rejects
   * when it failed.
   */
  const run = async (meeting: Meeting, action: MeetingAction, work: () => Promise<Meeting>) => {
    setBusy({ id: meeting.id, action });
    try {
      const stored = await work();
      // Zoom may have failed while the change was kept: the meeting says why
      if (stored.zoomError && (action === 'reschedule' || action === 'zoom'))
        toast.warning(t(`actionDone.${action}`), { description: stored.zoomError });
      else toast.success(t(`actionDone.${action}`));
    } catch (caught) {
      if (action !== 'reschedule')
        toast.error(t(`actionFailed.${action}`), {
          description: caught instanceof Error ? caught.message : String(caught),
        });
      throw caught;
    } finally {
      setBusy(null);
    }
  };
  /** the same, for a button: the toast said it all */
  const runFromButton = (meeting: Meeting, action: MeetingAction, work: () => Promise<Meeting>) =>
    void run(meeting, action, work).catch(() => undefined);

  const cardOf = (meeting: Meeting) => (
    <MeetingCard
      key={meeting.id}
      meeting={meeting}
      timeZone={timeZone}
      now={now}
      zoomConnected={connection?.connected === true}
      busy={busy?.id === meeting.id ? busy.action : null}
      onReschedule={setRescheduling}
      onCancel={(item) => runFromButton(item, 'cancel', () => actions.cancel(item.id))}
      onMarkDone={(item) => runFromButton(item, 'done', () => actions.update(item.id, { status: 'done' }))}
      onSaveNotes={(item, notes) => run(item, 'notes', () => actions.update(item.id, { notes }))}
      onAddZoomLink={(item) => runFromButton(item, 'zoom', () => actions.update(item.id, { addZoomLink: true }))}
    />
  );

  const list = (items: Meeting[], empty: string) =>
    items.length === 0 ? (
      <EmptyState compact icon={<CalendarOutlined />} title={empty} />
    ) : (
      <div className="meetings-list">{items.map(cardOf)}</div>
    );

  const bookButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setBooking(true)}>
      {t('book.button')}
    </Button>
  );

  const body = () => {
    if (error && !data)
      return (
        <Alert
          type="error"
          showIcon
          title={t('page.loadFailed')}
          description={error.message}
          action={<Button onClick={() => void mutate()}>{t('page.retry')}</Button>}
        />
      );
    if (isLoading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (meetings.length === 0)
      return (
        <div className="meetings-empty">
          <EmptyState icon={<CalendarOutlined />} title={t('page.emptyTitle')} description={t('page.emptyDescription')}>
            {bookButton}
          </EmptyState>
        </div>
      );
    return (
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as View)}
        items={[
          {
            key: 'upcoming',
            label: t('page.upcoming', { count: upcoming.length }),
            children: list(upcoming, t('page.emptyUpcoming')),
          },
          {
            key: 'past',
            label: t('page.past', { count: past.length }),
            children: list(past, t('page.emptyPast')),
          },
          {
            key: 'calendar',
            label: t('page.calendar'),
            children: (
              <MeetingsCalendar meetings={meetings} timeZone={timeZone} onOpen={(item) => setOpenId(item.id)} />
            ),
          },
        ]}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        extra={meetings.length > 0 ? bookButton : null}
      />
      {body()}
      <Drawer
        open={opened !== null}
        onClose={() => setOpenId(null)}
        title={t('page.openMeeting')}
        size={520}
        data-testid="meeting-drawer"
      >
        {opened ? cardOf(opened) : null}
      </Drawer>
      <RescheduleModal
        meeting={rescheduling}
        timeZone={timeZone}
        language={settings.language}
        onClose={() => setRescheduling(null)}
        onSave={async (meeting, changes) => {
          await run(meeting, 'reschedule', () => actions.update(meeting.id, changes));
        }}
      />
      <LazyBookMeetingModal open={booking} contact={null} onClose={() => setBooking(false)} />
    </>
  );
};
