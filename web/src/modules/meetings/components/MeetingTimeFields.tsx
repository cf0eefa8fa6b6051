// the picker's own date library config, given a reader of typed dates (antd's documented way to change how it parses)
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker, Form, InputNumber, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactClock } from '../hooks/useContactTimeZone';
import {
  type DateOrder,
  dateOrderOf,
  instantOfPicked,
  parseTypedStart,
  pickerDisplayFormat,
  typedExamples,
} from '../utils/pickerTime';
import { dayKeyAt, formatClock, formatDay, zoneLabel } from '../utils/zonedTime';

/** The fields both the booking and the rescheduling forms hold. */
export type MeetingTimeValues = { start: Dayjs | null; durationMinutes: number | null };

export type MeetingTimeFieldsProps = {
  /** the user's settings zone: what the picked time means */
  timeZone: string;
  /** the user's settings language: the order of a typed '10/12/2026' */
  language: string;
  /** the contact's clock, to show the time as they read it; null: no contact chosen yet */
  contact: ContactClock | null;
};

type StartPicker = ReturnType<typeof DatePicker.generatePicker<Dayjs>>;
const startPickers = new Map<DateOrder, StartPicker>();

/**
 * antd's DatePicker parses typed text with its format strings, and `ddd` (the day's name it shows) is one dayjs cannot
 * read back: the shown 'Thu 10 Dec 2026, 16:00', typed again, was refused. This picker reads typed text with
 * parseTypedStart instead (in the user's day/month order), so every form it reads updates the panel as it is typed
 * and is kept on Enter and on leaving the field, as antd does for its own formats.
 */
const startPickerFor = (order: DateOrder) => {
  let picker = startPickers.get(order);
  if (!picker) {
    picker = DatePicker.generatePicker<Dayjs>({
      ...dayjsGenerateConfig,
      locale: { ...dayjsGenerateConfig.locale, parse: (_locale, typed) => parseTypedStart(typed, order) },
    });
    startPickers.set(order, picker);
  }
  return picker;
};

/** The start as the user's clock and the contact's read it, each with its zone. */
const StartInZones = ({
  start,
  timeZone,
  contact,
}: {
  start: Dayjs | null;
  timeZone: string;
  contact: ContactClock | null;
}) => {
  const { t, i18n } = useTranslation('meetings');
  if (!start)
    return <Typography.Text type="secondary">{t('time.zoneHint', { zone: zoneLabel(timeZone) })}</Typography.Text>;
  const instant = instantOfPicked(start, timeZone);
  const at = (zone: string) =>
    `${formatDay(instant, zone, i18n.language)}, ${formatClock(instant, zone, i18n.language)}`;
  const theirs = (clock: ContactClock & { timeZone: string }) => {
    const where = { when: at(clock.timeZone), name: clock.name, zone: zoneLabel(clock.timeZone, instant) };
    // the town of 'Toronto, Ontario, Canada'
    const town = clock.place?.split(',')[0]?.trim();
    return town ? t('time.theirsIn', { ...where, place: town }) : t('time.theirs', where);
  };
  return (
    <ul className="meeting-time-fields__zones" aria-label={t('time.startInZones')}>
      <li>{t('time.yours', { when: at(timeZone), zone: zoneLabel(timeZone, instant) })}</li>
      {contact ? (
        <li>
          {contact.timeZone
            ? theirs({ ...contact, timeZone: contact.timeZone })
            : t('time.theirZoneUnknown', { name: contact.name })}
        </li>
      ) : null}
    </ul>
  );
};

/**
 * When the meeting starts (a date and time in the user's time zone, later than now; picked, or typed in any of the
 * forms parseTypedStart reads) and how long it lasts (5-480 minutes, createMeetingBody's range). Under the picker: the
 * start as the user's clock and the contact's read it. Enter in the picker keeps what was typed and never sends the
 * form: what is booked is what the picker shows.
 */
export const MeetingTimeFields = ({ timeZone, language, contact }: MeetingTimeFieldsProps) => {
  const { t } = useTranslation('meetings');
  const form = Form.useFormInstance<MeetingTimeValues>();
  const start = Form.useWatch('start', form) ?? null;
  const order = dateOrderOf(language);
  const StartPicker = startPickerFor(order);
  const examples = typedExamples(order);
  // text typed that reads as no date: the picker goes back to the time it shows, and says so
  const [unread, setUnread] = useState<string | null>(null);

  const checkTyped = (typed: string) => {
    const shown = start ? start.format(pickerDisplayFormat) : '';
    setUnread(typed.trim() !== '' && typed !== shown && !parseTypedStart(typed, order) ? typed.trim() : null);
  };
  /** the text in the picker's input (the event's target is that input) */
  const typedIn = (event: { target: EventTarget }) =>
    event.target instanceof HTMLInputElement ? event.target.value : '';
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter') return;
    // the picker has kept a readable text by now (its own Enter handling runs first); the form is not sent from here,
    // so an unreadable text can never book the time shown before it was typed
    event.preventDefault();
    checkTyped(typedIn(event));
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => checkTyped(typedIn(event));

  return (
    <div className="meeting-time-fields">
      <Form.Item
        name="start"
        label={t('time.when')}
        rules={[
          { required: true, message: t('time.whenRequired') },
          {
            validator: async (_, value: Dayjs | null) => {
              if (value && instantOfPicked(value, timeZone).getTime() <= Date.now())
                throw new Error(t('time.whenInPast'));
            },
          },
        ]}
        {...(unread ? { validateStatus: 'warning' as const, help: t('time.unread', { typed: unread }) } : {})}
        extra={t(order === 'day-first' ? 'time.typedHintDayFirst' : 'time.typedHintMonthFirst', examples)}
        className="meeting-time-fields__start"
      >
        <StartPicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format={pickerDisplayFormat}
          placeholder={examples.written}
          aria-label={t('time.when')}
          disabledDate={(day) => day.format('YYYY-MM-DD') < dayKeyAt(new Date(), timeZone)}
          needConfirm={false}
          onKeyDown={handleKeyDown}
          onBlur={handleBlur}
          onChange={() => setUnread(null)}
          className="meeting-time-fields__picker"
        />
      </Form.Item>
      <Form.Item
        name="durationMinutes"
        label={t('time.duration')}
        rules={[
          { required: true, message: t('time.durationRange') },
          { type: 'integer', min: 5, max: 480, message: t('time.durationRange') },
        ]}
        className="meeting-time-fields__duration"
      >
        <InputNumber min={5} max={480} step={5} precision={0} aria-label={t('time.duration')} />
      </Form.Item>
      <div className="meeting-time-fields__zone">
        <StartInZones start={start} timeZone={timeZone} contact={contact} />
      </div>
    </div>
  );
};
