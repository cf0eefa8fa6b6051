import './ProgressBar.css';

export type ProgressBarProps = {
  /** 0-100; outside values are clamped */
  percent: number;
  /** 'exception' paints the bar in the error colour (e.g. nothing left) */
  status?: 'normal' | 'exception';
  /** what the bar measures, for screen readers */
  'aria-label': string;
};

/**
 * A thin horizontal progress bar (antd's small line Progress without its label), drawn with the theme's CSS variables
 * so that a first screen that shows one needs no antd Progress.
 */
export const ProgressBar = ({ percent, status = 'normal', 'aria-label': ariaLabel }: ProgressBarProps) => {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      className={`progress-bar progress-bar--${status}`}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={ariaLabel}
    >
      <div className="progress-bar__track" style={{ width: `${value}%` }} />
    </div>
  );
};
