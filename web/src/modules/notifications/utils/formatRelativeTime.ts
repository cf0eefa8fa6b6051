const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/**
 * SPEC §2: 'just now' under a minute, then whole minutes, hours and days ago ('5m ago', '3h ago', '2d ago').
 * A time slightly ahead of this browser's clock also reads 'just now'.
 */
export const formatRelativeTime = (timestamp: string | number | Date, now: number = Date.now()) => {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < minuteMs) return 'just now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)}m ago`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h ago`;
  return `${Math.floor(elapsed / dayMs)}d ago`;
};
