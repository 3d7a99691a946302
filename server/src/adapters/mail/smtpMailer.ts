/** E-mail through an SMTP server (nodemailer), configured by one URL such as smtps://user:pass@host:465. */
import nodemailer, { type Transporter } from 'nodemailer';
import { headersOf, type Mailer, type MailMessage } from './types.js';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, replyTo } = message;
    await this.transport.sendMail({ from: this.from, to, subject, text, ...(replyTo ? { replyTo } : {}), headers: headersOf(message) });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
