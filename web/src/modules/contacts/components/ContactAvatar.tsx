import { Avatar } from '@/ui/Avatar';
import { contactInitials } from '../utils/contactLabels';
import './contacts.css';

export type ContactAvatarProps = { name: string; avatarUrl: string; size?: number };

/** The person's picture, or their initials on a tinted disc. */
export const ContactAvatar = ({ name, avatarUrl, size = 36 }: ContactAvatarProps) => (
  <Avatar
    size={size}
    src={avatarUrl || undefined}
    alt={avatarUrl ? name : undefined}
    className={avatarUrl ? 'contact-avatar contact-avatar--picture' : 'contact-avatar'}
  >
    {contactInitials(name)}
  </Avatar>
);
