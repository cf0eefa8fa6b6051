import { DatePicker, Form, InputNumber, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { meetingsMessages as text } from '../meetingsMessages';
import { instantOfPicked } from '../utils/pickerTime';
import { dayKeyAt, zoneLabel } from '../utils/zonedTime';

/** The fields both the booking and the rescheduling forms hold. */
export type MeetingTimeValues = { start: Dayjs | null; durationMinutes: number | null };

export type MeetingTimeFieldsProps = {
  /** the user's settings zone: what the picked time means */
  timeZone: string;
};

/**
 * When the meeting starts (a date and time in the user's time zone, later than now) and how long it lasts (5-480
 * minutes, createMeetingBody's range), with the zone named under the picker.
 */
export const MeetingTimeFields = ({ timeZone }: MeetingTimeFieldsProps) => (
  <div className="meeting-time-fields">
    <Form.Item
      name="start"
      label={text.when}
      rules={[
        { required: true, message: text.whenRequired },
        {
          validator: async (_, value: Dayjs | null) => {
            if (value && instantOfPicked(value, timeZone).getTime() <= Date.now()) throw new Error(text.whenInPast);
          },
        },
      ]}
      className="meeting-time-fields__start"
    >
      <DatePicker
        showTime={{ format: 'HH:mm', minuteStep: 5 }}
        format="ddd D MMM YYYY, HH:mm"
        placeholder="Pick a date and time"
        aria-label={text.when}
        disabledDate={(day) => day.format('YYYY-MM-DD') < dayKeyAt(new Date(), timeZone)}
        needConfirm={false}
        className="meeting-time-fields__picker"
      />
    </Form.Item>
    <Form.Item
      name="durationMinutes"
      label={text.duration}
      rules={[
        { required: true, message: text.durationRange },
        { type: 'integer', min: 5, max: 480, message: text.durationRange },
      ]}
      className="meeting-time-fields__duration"
    >
      <InputNumber min={5} max={480} step={5} precision={0} aria-label={text.duration} />
    </Form.Item>
    <Typography.Text type="secondary" className="meeting-time-fields__zone">
      {text.zoneHint(zoneLabel(timeZone))}
    </Typography.Text>
  </div>
);
