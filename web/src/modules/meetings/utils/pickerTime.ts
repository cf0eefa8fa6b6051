import dayjs, { type Dayjs } from 'dayjs';
import { instantOfWallClock, wallClockAt } from './zonedTime';

/**
 * antd's DatePicker shows and returns a dayjs in the browser's zone; the booking's times are in the user's settings
 * zone. The picker is given that zone's wall clock, and what it returns is read as that zone's wall clock.
 */

/** What the picker shows for `instant`: the wall clock of `timeZone` at that time. */
export const pickerValueAt = (instant: Date, timeZone: string): Dayjs => {
  const wall = wallClockAt(instant, timeZone);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
};

/** The instant the picked wall clock stands for in `timeZone`. */
export const instantOfPicked = (value: Dayjs, timeZone: string): Date =>
  instantOfWallClock(
    { year: value.year(), month: value.month() + 1, day: value.date(), hour: value.hour(), minute: value.minute() },
    timeZone,
  );

/** The next whole half hour after now, at least 15 minutes away (a booking's suggested start). */
export const suggestedStart = (now: number) => {
  const half = 30 * 60_000;
  return new Date(Math.ceil((now + 15 * 60_000) / half) * half);
};
