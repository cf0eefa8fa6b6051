import type { ReactNode } from 'react';
import './SettingRow.css';

export type SettingRowProps = {
  /** the setting's name */
  label: ReactNode;
  description?: ReactNode;
  /** id of the control, so the label names it and a click on the label reaches it */
  htmlFor?: string;
  /** the control, on the right */
  children: ReactNode;
  'data-testid'?: string;
};

/** One setting: what it is and what it does on the left, its control on the right; rows stack with a divider. */
export const SettingRow = ({ label, description, htmlFor, children, ...rest }: SettingRowProps) => (
  <div className="setting-row" data-testid={rest['data-testid']}>
    <div className="setting-row__text">
      <label className="setting-row__label" htmlFor={htmlFor}>
        {label}
      </label>
      {description ? <span className="setting-row__description">{description}</span> : null}
    </div>
    <div className="setting-row__control">{children}</div>
  </div>
);
