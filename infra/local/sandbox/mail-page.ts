import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import * as z from 'zod';
import { invitationOf, rsvpAnswers, rsvpTo } from './mail-rsvp.js';
import { type MailCopy, type MailStore, mailStoreOf, sandboxMailDomain } from './mail-store.js';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * The sandbox mail control (DESIGN §8 'Sandbox control', for people and tests alike): a page of every mailbox and the
 * mail it got, and JSON routes to list messages, answer one as its recipient (an invitation also with Accept,
 * Tentative or Decline: an iTIP REPLY) and bounce one.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A control item: the message once, as `GET /_sandbox/mail/messages` lists it. */
export const controlMessage = (copy: MailCopy) => ({
  id: copy.gmailId,
  threadId: copy.threadId,
  from: copy.from.address,
  to: copy.to.map((to) => to.address).join(', '),
  subject: copy.subject,
  body: copy.text,
  sentAt: copy.time,
  messageId: copy.internetMessageId,
  inReplyTo: copy.inReplyTo,
  /** the files it carries (their content is in the raw message: `GET /_sandbox/mail/messages/{id}/raw`) */
  attachments: copy.attachments.map(({ fileName, contentType, size }) => ({ fileName, contentType, size })),
});

/** The page's line of the files a message carries, none when it carries none. */
const attachmentsHtml = (message: MailCopy) =>
  message.attachments.length
    ? `<ul class="attachments" aria-label="Attachments">${message.attachments
        .map(
          (attachment) =>
            `<li>${escapeHtml(attachment.fileName ?? '(unnamed)')} <span class="kind">${escapeHtml(attachment.contentType)}, ${attachment.size} bytes</span></li>`,
        )
        .join('')}</ul>`
    : '';

/** `Re: x` of a subject (once). */
const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/** The references chain an answer to `copy` carries (RFC 5322 §3.6.4). */
const chainOf = (copy: MailCopy) => [
  ...copy.references.filter((id) => id !== copy.internetMessageId),
  copy.internetMessageId,
];

const messageIdAt = (domain: string) => `<${randomBytes(12).toString('hex')}@${domain}>`;

/**
 * An answer to `original` from `from` (@default its first recipient) to its sender, in its thread: `Re:` subject,
 * In-Reply-To and References; `autoReply` marks it `Auto-Submitted: auto-replied`, as an out-of-office does.
 */
export const replyTo = async (
  store: MailStore,
  original: MailCopy,
  input: { body: string; from?: string | undefined; autoReply?: boolean | undefined },
) => {
  const from = (input.from ?? original.to[0]?.address ?? `someone@${sandboxMailDomain}`).toLowerCase();
  const raw = await new MailComposer({
    from,
    to: original.from.name ? { name: original.from.name, address: original.from.address } : original.from.address,
    subject: input.autoReply ? `Automatic reply: ${original.subject}` : replySubject(original.subject),
    text: input.body,
    messageId: messageIdAt(from.split('@')[1] ?? sandboxMailDomain),
    inReplyTo: original.internetMessageId,
    references: chainOf(original),
    headers: input.autoReply ? { 'Auto-Submitted': 'auto-replied' } : {},
  })
    .compile()
    .build();
  return store.submit(raw);
};

/**
 * A delivery status notification (RFC 3464) for `original`: from the sandbox's mailer-daemon to the sender, in the
 * thread (In-Reply-To/References), `X-Failed-Recipients`, a multipart/report naming the recipient.
 */
export const bounce = async (store: MailStore, original: MailCopy) => {
  const recipient = original.to[0]?.address ?? 'unknown';
  const boundary = `sandbox-dsn-${randomBytes(8).toString('hex')}`;
  const originalHeaders = original.headers.map((header) => `${header.name}: ${header.value}`).join('\r\n');
  const raw = [
    `From: Mail Delivery Subsystem <mailer-daemon@${sandboxMailDomain}>`,
    `To: ${original.from.address}`,
    'Subject: Delivery Status Notification (Failure)',
    `Message-ID: ${messageIdAt(sandboxMailDomain)}`,
    `Date: ${new Date(store.now()).toUTCString()}`,
    `In-Reply-To: ${original.internetMessageId}`,
    `References: ${chainOf(original).join(' ')}`,
    `X-Failed-Recipients: ${recipient}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Address not found: your message wasn't delivered to ${recipient} because the address couldn't be found, or is unable to receive mail.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${sandboxMailDomain}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 The email account that you tried to reach does not exist (${recipient})`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    originalHeaders,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return store.submit(Buffer.from(raw));
};

const bodyOf = <T>(request: SandboxRequest, schema: z.ZodType<T>): T | undefined => {
  const isForm = (request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  let value: unknown;
  try {
    value = isForm ? Object.fromEntries(request.form()) : request.json();
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const isForm = (request: SandboxRequest) =>
  (request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');

const refuse = (status: number, message: string): SandboxResponse => ({ status, json: { error: { message } } });

const replyBody = z.object({
  messageId: z.string().min(1),
  body: z.string().min(1),
  from: z.email().optional(),
  autoReply: z.union([z.boolean(), z.literal('true').transform(() => true)]).optional(),
});
const bounceBody = z.object({ messageId: z.string().min(1) });
const rsvpBody = z.object({ messageId: z.string().min(1), answer: z.enum(rsvpAnswers) });
const emailBody = z.object({ email: z.email().transform((email) => email.toLowerCase()) });
const throttleBody = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  provider: z
    .enum(['gmail', 'google', 'outlook', 'microsoft'])
    .transform((name) => (name === 'gmail' || name === 'google' ? ('gmail' as const) : ('outlook' as const))),
  seconds: z.number().int().min(0).max(3600),
  count: z.number().int().min(1).max(1000).default(1),
});

/** A form on the page posts here and comes back to the page; JSON callers get JSON. */
const done = (request: SandboxRequest, json: unknown): SandboxResponse =>
  isForm(request) ? { status: 303, redirect: '/_sandbox/mail' } : { json };

/** An invitation's answers, as the contact's calendar offers them: each sends an iTIP REPLY (mail-rsvp.ts). */
const rsvpForms = (id: string) => `<div class="actions rsvp" role="group" aria-label="Answer the invitation">
${(
  [
    ['accepted', 'Accept'],
    ['tentative', 'Tentative'],
    ['declined', 'Decline'],
  ] as const
)
  .map(
    ([answer, label]) => `<form method="post" action="/_sandbox/mail/rsvp">
<input type="hidden" name="messageId" value="${id}">
<input type="hidden" name="answer" value="${answer}">
<button type="submit" class="secondary">${label}</button>
</form>`,
  )
  .join('\n')}
</div>`;

const page = (store: MailStore) => {
  const messages = store.messages().slice().reverse();
  // every address that got mail, and every mailbox even with none: each message shows once, under its recipient
  const addresses = new Map<string, MailCopy[]>();
  for (const address of store.mailboxAddresses()) addresses.set(address, []);
  for (const message of messages) {
    const recipient = message.to[0]?.address;
    if (!recipient) continue;
    addresses.set(recipient, [...(addresses.get(recipient) ?? []), message]);
  }
  const sections = [...addresses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([address, received]) => {
      const kind = store.isMailbox(address) ? 'sandbox mailbox' : 'recipient (not a mailbox)';
      const articles = received
        .map((message) => {
          const id = escapeHtml(message.gmailId);
          const field = `reply-${id}`;
          // the article is named by its subject, so a test finds it as getByRole('article', { name: subject })
          return `<article aria-labelledby="subject-${id}">
<header><strong id="subject-${id}">${escapeHtml(message.subject || '(no subject)')}</strong>
<div class="meta">From ${escapeHtml(message.from.address)} to ${escapeHtml(message.to.map((to) => to.address).join(', '))} · <time>${escapeHtml(message.time)}</time></div></header>
<pre>${escapeHtml(message.text)}</pre>
${attachmentsHtml(message)}
<p class="meta"><a href="/_sandbox/mail/messages/${id}/raw" target="_blank" rel="noopener">Show original</a></p>
<form id="form-${field}" method="post" action="/_sandbox/mail/reply">
<input type="hidden" name="messageId" value="${id}">
<input type="hidden" name="from" value="${escapeHtml(address)}">
<label for="${field}">Reply as ${escapeHtml(address)}</label>
<textarea id="${field}" name="body" rows="3" required></textarea>
</form>
<div class="actions">
<form method="post" action="/_sandbox/mail/bounce">
<input type="hidden" name="messageId" value="${id}">
<button type="submit" class="secondary">Bounce</button>
</form>
<button type="submit" form="form-${field}">Send reply</button>
</div>
${invitationOf(message) ? rsvpForms(id) : ''}
</article>`;
        })
        .join('\n');
      return `<section><h2>${escapeHtml(address)} <span class="kind">${kind}</span></h2>
${articles || '<p class="empty">No messages.</p>'}
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mail</title>
<style>
:root { color-scheme: dark; }
body { font-family: system-ui, sans-serif; background: #1b1d22; color: #e6e6e6; margin: 0; }
main { max-width: 52rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; }
h2 { font-size: 1.1rem; border-bottom: 1px solid #3a3d45; padding-bottom: .3rem; margin-top: 2rem; }
.kind { font-size: .8rem; color: #9aa0aa; font-weight: normal; }
article { background: #262930; border: 1px solid #3a3d45; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.meta { color: #9aa0aa; font-size: .85rem; margin-top: .2rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; background: #1f2127; padding: .6rem; border-radius: 4px; }
label { display: block; font-size: .85rem; margin: .6rem 0 .2rem; }
textarea { width: 100%; box-sizing: border-box; background: #1b1d22; color: #e6e6e6; border: 1px solid #4a4e58; border-radius: 4px; padding: .4rem; font: inherit; }
.actions { display: flex; justify-content: flex-end; gap: .5rem; margin-top: .5rem; }
.actions form { margin: 0; }
button { padding: .35rem 1rem; border-radius: 4px; border: 1px solid #4c8dff; background: #2f6fe4; color: #fff; cursor: pointer; }
button.secondary { background: transparent; border-color: #6b6f78; color: #e6e6e6; }
.empty { color: #9aa0aa; }
.attachments { list-style: none; padding: 0; margin: .4rem 0; font-size: .9rem; }
.attachments li::before { content: '📎 '; }
a { color: #8ab4ff; }
</style>
</head>
<body><main>
<h1>Sandbox mail</h1>
<p class="meta">Every sandbox mailbox and the mail it got, newest first. Answer as the recipient, or bounce a message.</p>
${sections || '<p class="empty">No mail yet.</p>'}
</main></body>
</html>`;
};

/** The mail control routes (DESIGN §8); the `/_sandbox/mail/push-config` and `/pushes` ones are mail-push.ts'. */
export const mailControlVendor: SandboxVendor = {
  name: 'mail',
  summary:
    'Sandbox mail control: GET /_sandbox/mail (page), GET /_sandbox/mail/messages?to=|from=, /messages/{id}/raw, /usage, POST /_sandbox/mail/reply, /rsvp, /bounce, /throttle, /expire-cursors',
  register: (router, context) => {
    const store = mailStoreOf(context);
    router
      .get('/_sandbox/mail', () => ({ html: page(store) }))
      .get('/_sandbox/mail/messages', (request) => {
        const to = request.query.get('to')?.toLowerCase();
        const from = request.query.get('from')?.toLowerCase();
        const messages = store
          .messages()
          .filter(
            (message) =>
              (!to || message.to.some((recipient) => recipient.address === to)) &&
              (!from || message.from.address === from),
          )
          .reverse();
        return { json: messages.map(controlMessage) };
      })
      // DESIGN §9 'Sandbox additions': the message as its recipient got it, byte for byte (Gmail's "Show original")
      .get('/_sandbox/mail/messages/:id/raw', (request) => {
        const message = store.message(request.params.id!);
        if (!message) return refuse(404, `No message ${request.params.id}`);
        return { bytes: Buffer.from(message.raw, 'base64'), headers: { 'Content-Type': 'message/rfc822' } };
      })
      .post('/_sandbox/mail/reply', async (request) => {
        const body = bodyOf(request, replyBody);
        if (!body) return refuse(400, 'Give {messageId, body, from?, autoReply?}');
        const original = store.message(body.messageId);
        if (!original) return refuse(404, `No message ${body.messageId}`);
        const reply = await replyTo(store, original, body);
        return done(request, controlMessage(reply));
      })
      .post('/_sandbox/mail/bounce', async (request) => {
        const body = bodyOf(request, bounceBody);
        if (!body) return refuse(400, 'Give {messageId}');
        const original = store.message(body.messageId);
        if (!original) return refuse(404, `No message ${body.messageId}`);
        return done(request, controlMessage(await bounce(store, original)));
      })
      .post('/_sandbox/mail/rsvp', async (request) => {
        const body = bodyOf(request, rsvpBody);
        if (!body) return refuse(400, 'Give {messageId, answer: accepted|tentative|declined}');
        const original = store.message(body.messageId);
        if (!original) return refuse(404, `No message ${body.messageId}`);
        const answered = await rsvpTo(store, original, body.answer);
        if (!answered) return refuse(400, `Message ${body.messageId} is no invitation`);
        return done(request, controlMessage(answered));
      })
      .post('/_sandbox/mail/throttle', (request) => {
        const body = bodyOf(request, throttleBody);
        if (!body) return refuse(400, 'Give {email, provider: gmail|outlook, seconds, count?}');
        store.throttle(body.email, body.provider, body.seconds, body.count);
        return { json: body };
      })
      .get('/_sandbox/mail/usage', (request) => ({ json: store.usage(request.query.get('email') ?? undefined) }))
      .post('/_sandbox/mail/expire-cursors', (request) => {
        const body = bodyOf(request, emailBody);
        if (!body) return refuse(400, 'Give {email}');
        store.expireCursors(body.email);
        return { json: { expired: body.email } };
      });
  },
};
