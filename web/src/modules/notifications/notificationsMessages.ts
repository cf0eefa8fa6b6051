import type { RsvpAnswer } from '@shared/schemas/meetings';

const rsvpVerbs: Record<RsvpAnswer, string> = {
  accepted: 'accepted',
  tentative: 'tentatively accepted',
  declined: 'declined',
};

/** SPEC §2 'Notification panel' texts. */
export const notificationsMessages = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  emptyTitle: 'No notifications',
  emptyDescription: "You're all caught up! New notifications will appear here.",
  replyReceived: (name: string, email: string) => `Received a reply from ${name} (${email})`,
  /** the contact answered a meeting's invitation: 'Ada Lovelace accepted: Coffee chat' */
  rsvpReceived: (name: string, answer: RsvpAnswer, title: string) => `${name} ${rsvpVerbs[answer]}: ${title}`,
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
} as const;
