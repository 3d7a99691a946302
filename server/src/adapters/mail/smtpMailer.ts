/** E-mail through an SMTP server (nodemailer), configured by one URL such as smtps://user:pass@host:465. */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './types.js';

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
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
