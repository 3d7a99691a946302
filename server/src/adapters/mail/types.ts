/** E-mail leaving the server: the message and the interface every mail adapter implements. */

/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on promotional mail. */
  headers?: Record<string, string>;
}

/**
 * Sends e-mail. Implementations: {@link SmtpMailer} (nodemailer over SMTP_URL) and
 * {@link OutboxMailer} (the embedded default: kept in the outbox table for the operator).
 */
export interface Mailer {
  /** `smtp` or `outbox`; the dev outbox page exists only for `outbox`. */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** How e-mail leaves the server. */
export interface MailConfig {
  /** SMTP server (nodemailer URL); null keeps mail in the embedded outbox. */
  smtpUrl: string | null;
  /** The From header of every e-mail. */
  from: string;
  /** Where contact-form questions are sent. */
  supportAddress: string;
}
