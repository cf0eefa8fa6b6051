import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';

export type HeaderStatusTone = 'success' | 'warning' | 'neutral';

export type HeaderStatusButtonProps = Omit<ButtonProps, 'icon' | 'children'> & {
  icon: ReactNode;
  label: ReactNode;
  tone: HeaderStatusTone;
};

const dotColors: Record<HeaderStatusTone, string> = { success: '#16a34a', warning: '#ea580c', neutral: '#9ca3af' };

/** A header button for a connection: its icon, a short state and a coloured dot (green, orange, grey). */
export const HeaderStatusButton = ({ icon, label, tone, style, ...rest }: HeaderStatusButtonProps) => (
  <Button type="text" icon={icon} style={{ height: 36, paddingInline: 10, color: '#374151', ...style }} {...rest}>
    <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
    <span
      aria-hidden="true"
      style={{ width: 8, height: 8, borderRadius: '50%', background: dotColors[tone], flexShrink: 0 }}
    />
  </Button>
);
