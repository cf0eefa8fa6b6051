import { Avatar } from 'antd';
import { contactInitials } from '../utils/contactLabels';

export type ContactAvatarProps = { name: string; avatarUrl: string; size?: number };

/** The person's picture, or their initials on a tinted disc. */
export const ContactAvatar = ({ name, avatarUrl, size = 36 }: ContactAvatarProps) => (
  <Avatar
    size={size}
    src={avatarUrl || undefined}
    alt={avatarUrl ? name : undefined}
    style={{ flexShrink: 0, background: avatarUrl ? '#f3f4f6' : '#e0e7ff', color: '#3730a3', fontWeight: 600 }}
  >
    {contactInitials(name)}
  </Avatar>
);
