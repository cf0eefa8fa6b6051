import type { MailSetting } from '../../shared/schemas/notifications.js';
import type { NotificationMail } from '../providers/notification-mail/port.js';
import { type MailLanguage, notificationTexts } from './messages.js';
import { unsubscribeUrl } from './unsubscribe.js';
import type { NotificationsDeps } from './deps.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What a notification e-mail says: a lead line, a list, and its links (the first is the main action). */
export type MailContent = {
  subject: string;
  lead: string;
  lines?: readonly string[];
  links: readonly { label: string; url: string }[];
};

/**
 * A notification e-mail to the user's account address, plain text and HTML alike, with the footer that says why it
 * came and the unsubscribe link of its setting (also in `List-Unsubscribe`, RFC 8058), in the user's language.
 */
export const notificationMail = async (
  deps: Pick<NotificationsDeps, 'links' | 'unsubscribeUrl'>,
  user: { uid: string; email: string; language: MailLanguage },
  setting: MailSetting,
  content: MailContent,
): Promise<NotificationMail> => {
  const text = notificationTexts[user.language];
  const unsubscribe = await unsubscribeUrl(deps.links, deps.unsubscribeUrl, user.uid, setting);
  const textBody = [
    content.lead,
    ...(content.lines?.length ? ['', ...content.lines.map((line) => `- ${line}`)] : []),
    '',
    ...content.links.map((link) => `${link.label}: ${link.url}`),
    '',
    '--',
    text.footer.reason(setting),
    `${text.footer.unsubscribe}: ${unsubscribe}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${user.language}"><body style="font-family:Arial,sans-serif;font-size:15px;color:#1f2328">`,
    `<p>${escapeHtml(content.lead)}</p>`,
    content.lines?.length ? `<ul>${content.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '',
    ...content.links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    `<hr><p style="font-size:12px;color:#656d76">${escapeHtml(text.footer.reason(setting))} `,
    `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(text.footer.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('');
  return { to: user.email, subject: content.subject, text: textBody, html, unsubscribeUrl: unsubscribe };
};
