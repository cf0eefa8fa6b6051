import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import './HeaderStatusButton.css';

export type HeaderStatusTone = 'success' | 'warning' | 'neutral';

export type HeaderStatusButtonProps = Omit<ButtonProps, 'icon' | 'children'> & {
  icon: ReactNode;
  label: ReactNode;
  tone: HeaderStatusTone;
};

/** A header button for a connection: its icon, a short state and a coloured dot (green, orange, grey). */
export const HeaderStatusButton = ({ icon, label, tone, className, ...rest }: HeaderStatusButtonProps) => (
  <Button
    type="text"
    icon={icon}
    className={className ? `header-status-button ${className}` : 'header-status-button'}
    {...rest}
  >
    <span className="header-status-button__label">{label}</span>
    <span aria-hidden="true" className={`header-status-button__dot header-status-button__dot--${tone}`} />
  </Button>
);
