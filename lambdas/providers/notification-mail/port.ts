/**
 * The notification-mail port (DESIGN §9 'Notification e-mails'): e-mails the product sends the user themselves (reply
 * digests, reminders), from the stage's sender identity, never from the user's mailbox. The real adapter is Amazon
 * SES v2 (ses.ts); locally and in tests the same adapter talks to the sandbox's SESv2 subset by endpoint.
 */
export type NotificationMail = {
  /** the user's account address */
  to: string;
  subject: string;
  /** plain text */
  text: string;
  html: string;
  /**
   * RFC 8058 one-click unsubscribe: the https URL that turns this kind of e-mail off when POSTed
   * (`List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`)
   */
  unsubscribeUrl: string;
};

export type NotificationMailer = {
  /** Sends one e-mail; answers the provider's message id. Throws when the provider refused it or could not be reached. */
  send: (mail: NotificationMail) => Promise<{ messageId: string }>;
};
