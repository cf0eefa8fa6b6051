/** Wall-clock times of an IANA time zone with Intl only: the follow-up's time, the morning summary's 08:00. */

/** The parts of a wall-clock time in `timeZone`. */
export const wallClock = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
};

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
const offsetAt = (at: Date, timeZone: string) => {
  const wall = wallClock(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
};

/**
 * The instant a wall-clock time of `timeZone` names (Intl only): the offset of a first guess, then of the result, so
 * a date across a daylight-saving change gets its own offset. A time a spring-forward skips is read with the offset
 * before the change (09:00 is never skipped in practice).
 */
export const zonedTime = (
  wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  timeZone: string,
) => {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const first = naive - offsetAt(new Date(naive), timeZone);
  return new Date(naive - offsetAt(new Date(first), timeZone));
};

/**
 * The first `time` (HH:MM) of `timeZone`'s wall clock after `after`: today's when it is still ahead, else the next
 * day's (the morning summary's 08:00, SPEC §3 `reminderNotifications`).
 */
export const nextWallClockTime = (after: Date, time: string, timeZone: string) => {
  const today = wallClock(after, timeZone);
  const [hour = 8, minute = 0] = time.split(':').map(Number);
  for (let days = 0; ; days += 1) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const at = zonedTime(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute },
      timeZone,
    );
    if (at.getTime() > after.getTime()) return at;
  }
};
