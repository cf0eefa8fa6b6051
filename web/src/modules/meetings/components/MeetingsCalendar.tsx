import type { Meeting } from '@shared/schemas/meetings';
import { Calendar } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKeyAt, formatCalendarDay, formatClock } from '../utils/zonedTime';

export type MeetingsCalendarProps = {
  meetings: readonly Meeting[];
  timeZone: string;
  onOpen: (meeting: Meeting) => void;
};

/** How many meetings a day's cell lists before '+n more'. */
const perCell = 3;

/** A month of the user's meetings, each on its day in the user's time zone; a meeting opens when clicked. */
export const MeetingsCalendar = ({ meetings, timeZone, onOpen }: MeetingsCalendarProps) => {
  const { t, i18n } = useTranslation('meetings');
  const byDay = useMemo(() => {
    const days = new Map<string, Meeting[]>();
    const sorted = [...meetings].sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
    for (const meeting of sorted) {
      const key = dayKeyAt(new Date(meeting.startTime), timeZone);
      days.set(key, [...(days.get(key) ?? []), meeting]);
    }
    return days;
  }, [meetings, timeZone]);

  const dayCell = (day: Dayjs) => {
    const key = day.format('YYYY-MM-DD');
    const list = byDay.get(key) ?? [];
    if (list.length === 0) return null;
    return (
      <ul className="meetings-calendar__day" aria-label={formatCalendarDay(key, i18n.language)}>
        {list.slice(0, perCell).map((meeting) => (
          <li key={meeting.id}>
            <button
              type="button"
              className={`meetings-calendar__meeting meetings-calendar__meeting--${meeting.status}`}
              onClick={(event) => {
                // the cell behind would select its day
                event.stopPropagation();
                onOpen(meeting);
              }}
            >
              <time dateTime={meeting.startTime}>
                {formatClock(new Date(meeting.startTime), timeZone, i18n.language)}
              </time>{' '}
              <span className="meetings-calendar__name">{meeting.contactName}</span>
              <span className="meetings-calendar__sr-title">: {meeting.title}</span>
            </button>
          </li>
        ))}
        {list.length > perCell ? (
          <li className="meetings-calendar__more">{t('page.moreOnDay', { count: list.length - perCell })}</li>
        ) : null}
      </ul>
    );
  };

  return (
    <section className="meetings-calendar" aria-label={t('page.calendarLabel')}>
      <Calendar mode="month" cellRender={(date, info) => (info.type === 'date' ? dayCell(date) : info.originNode)} />
    </section>
  );
};
