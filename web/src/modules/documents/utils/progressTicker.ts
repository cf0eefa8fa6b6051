/** SPEC §9: "fake upload progress ticks every 200 ms up to 90%". */
export const uploadProgress = { tickMs: 200, ceiling: 90 } as const;

export type ProgressTickerOptions = {
  /** @default 200 (SPEC §9) */
  intervalMs?: number;
  /** the fake progress never passes it; the real end sets 100. @default 90 (SPEC §9) */
  ceiling?: number;
};

/**
 * SPEC §9: an upload's progress is faked: every 200 ms it moves a step closer to 90%, quickly at first and slower as
 * it nears it, and stays there until the real completion. Returns `stop`.
 */
export const startProgressTicker = (
  onProgress: (percent: number) => void,
  { intervalMs = uploadProgress.tickMs, ceiling = uploadProgress.ceiling }: ProgressTickerOptions = {},
) => {
  let percent = 0;
  const timer = setInterval(() => {
    if (percent >= ceiling) return;
    percent = Math.min(ceiling, percent + Math.max(1, Math.round((ceiling - percent) / 6)));
    onProgress(percent);
  }, intervalMs);
  return () => clearInterval(timer);
};
