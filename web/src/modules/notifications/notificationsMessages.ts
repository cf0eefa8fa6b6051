/** SPEC §2 'Notification panel' texts. */
export const notificationsMessages = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  emptyTitle: 'No notifications',
  emptyDescription: "You're all caught up! New notifications will appear here.",
  replyReceived: (name: string, email: string) => `Received a reply from ${name} (${email})`,
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
} as const;
