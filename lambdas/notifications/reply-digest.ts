import type { Notification } from '../../shared/schemas/conversations.js';
import type { ReplyDigestMessage } from '../../shared/schemas/notifications.js';
import { outreachPath, pipelinePath } from './links.js';
import { addDigestReply, closeDigest, type DigestReply, finishDigest } from '../data/reply-digest.js';
import { getUserProfile } from '../data/user-profile.js';
import type { NotificationsDeps } from './deps.js';
import { notificationMail } from './mail.js';
import { dateTimeIn, type MailLanguage, mailLanguageOf, notificationTexts } from './messages.js';

/** SPEC §3 `emailNotifications`: replies within this window go out as one e-mail. */
export const digestWindowSeconds = 15 * 60;
/** Replies an e-mail names one by one; the others are counted. */
const namedInMail = 10;

/** A reply's in-app notification (not an invitation's answer, nor a reminder): what a digest collects. */
export const isReplyNotification = (notification: Notification) =>
  !notification.rsvp && !notification.reminder && notification.conversationId !== null;

/**
 * A reply's notification into the user's e-mail digest when reply e-mails are on (SPEC §3 `emailNotifications`):
 * the first reply opens a 15-minute window and queues its message delayed by it (SQS holds it up to 900 s); later
 * replies join the open window. Off: nothing is kept nor queued.
 */
export const collectReply = async (deps: NotificationsDeps, uid: string, notification: Notification) => {
  const profile = await getUserProfile(deps.db, uid, ['settings', 'email']);
  if (!profile?.settings?.emailNotifications) return 'off' as const;
  const reply: DigestReply = {
    notificationId: notification.id,
    name: notification.contact.name,
    email: notification.contact.email,
    contactId: notification.contactId,
    conversationId: notification.conversationId,
    at: notification.timestamp,
  };
  const added = await addDigestReply(deps.db, uid, reply, deps.newId());
  if (added.outcome === 'opened' || added.outcome === 'reopen') {
    const message: ReplyDigestMessage = { kind: 'reply-digest', uid, windowId: added.windowId };
    await deps.queue.send('notification-email', message, { delaySeconds: digestWindowSeconds });
  }
  return added.outcome;
};

/**
 * The e-mail of a digest's replies: one names the contact and links to its conversation; several, the replies. In
 * the user's language, each reply's time in their language and time zone.
 */
const digestContent = (
  deps: NotificationsDeps,
  replies: readonly DigestReply[],
  language: MailLanguage,
  timeZone: string,
) => {
  const text = notificationTexts[language];
  const when = (reply: DigestReply) => dateTimeIn(reply.at, language, timeZone);
  const [first] = replies;
  if (replies.length === 1 && first) {
    return {
      subject: text.replyOne.subject(first.name),
      lead: text.replyOne.lead(first.name, first.email, when(first)),
      links: [
        {
          label: text.replyOne.action,
          url: `${deps.webOrigin}${first.contactId ? outreachPath(first.contactId) : pipelinePath}`,
        },
      ],
    };
  }
  const named = replies.slice(0, namedInMail).map((reply) => text.replyMany.line(reply.name, reply.email, when(reply)));
  const rest = replies.length - named.length;
  return {
    subject: text.replyMany.subject(replies.length),
    lead: text.replyMany.lead(replies.length),
    lines: rest > 0 ? [...named, text.replyMany.more(rest)] : named,
    links: [{ label: text.replyMany.action, url: `${deps.webOrigin}${pipelinePath}` }],
  };
};

/**
 * The `notification-email` worker's work: closes the window (replies arriving from now on open the next one), sends
 * one e-mail for all it gathered, and marks it sent on the condition that it was still being sent, so a redelivered
 * message finds it sent and sends nothing. The setting is read again: turned off meanwhile, nothing is sent.
 */
export const sendReplyDigest = async (deps: NotificationsDeps, message: ReplyDigestMessage) => {
  const digest = await closeDigest(deps.db, message.uid, message.windowId, deps.now());
  if (!digest) return { outcome: 'none' as const };
  if (digest.status !== 'sending') return { outcome: 'already' as const };
  const profile = await getUserProfile(deps.db, message.uid, ['settings', 'email']);
  if (!profile?.settings?.emailNotifications || !profile.email || !deps.mailer || digest.replies.length === 0) {
    await finishDigest(deps.db, message.uid, message.windowId, 'skipped', deps.now());
    return { outcome: 'skipped' as const };
  }
  const language = mailLanguageOf(profile.settings.language);
  const mail = await notificationMail(
    deps,
    { uid: message.uid, email: profile.email, language },
    'emailNotifications',
    digestContent(deps, digest.replies, language, profile.settings.timeZone || 'UTC'),
  );
  const sent = await deps.mailer.send(mail);
  await finishDigest(deps.db, message.uid, message.windowId, 'sent', deps.now());
  return { outcome: 'sent' as const, replies: digest.replies.length, messageId: sent.messageId };
};
