import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './text/VisuallyHidden';
import './HeaderStatusButton.css';

export type HeaderStatusTone = 'success' | 'warning' | 'neutral';

export type HeaderStatusButtonProps = Omit<ButtonProps, 'icon' | 'children'> & {
  icon: ReactNode;
  label: ReactNode;
  /** what the button is about ('Email connection'): read after the label, so the name starts with what it shows */
  context: string;
  tone: HeaderStatusTone;
};

/**
 * A header button for a connection: its icon, a short state and a coloured dot (green, orange, grey). Its name is the
 * state it shows and then its context ('ada@example.com, Email connection').
 */
export const HeaderStatusButton = ({ icon, label, context, tone, className, ...rest }: HeaderStatusButtonProps) => (
  <Button
    type="text"
    icon={icon}
    className={className ? `header-status-button ${className}` : 'header-status-button'}
    {...rest}
  >
    <span className="header-status-button__label">{label}</span>
    <VisuallyHidden>, {context}</VisuallyHidden>
    <span aria-hidden="true" className={`header-status-button__dot header-status-button__dot--${tone}`} />
  </Button>
);
