import { Spin } from 'antd';

export type FullPageSpinnerProps = { label?: string };

/** Shown while something the whole page needs is loading (the auth state, a lazy page). */
export const FullPageSpinner = ({ label = 'Loading...' }: FullPageSpinnerProps) => (
  <div role="status" aria-live="polite" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
    <div style={{ display: 'grid', justifyItems: 'center', gap: 12, color: '#6b7280' }}>
      <Spin size="large" />
      <span>{label}</span>
    </div>
  </div>
);
