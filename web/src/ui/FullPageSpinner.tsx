import { Spin } from 'antd';
import './FullPageSpinner.css';

export type FullPageSpinnerProps = {
  /** what it says meanwhile ('Loading...') */
  label: string;
};

/** Shown while something the whole page needs is loading (the auth state, a lazy page). */
export const FullPageSpinner = ({ label }: FullPageSpinnerProps) => (
  <div role="status" aria-live="polite" className="full-page-spinner">
    <div className="full-page-spinner__body">
      <Spin size="large" />
      <span>{label}</span>
    </div>
  </div>
);
