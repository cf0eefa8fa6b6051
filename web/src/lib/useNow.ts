import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so relative times ('5m ago') do not go stale on screen. */
export const useNow = (intervalMs = 30_000) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
};
