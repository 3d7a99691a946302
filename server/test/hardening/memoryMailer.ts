/**
 * A mail adapter that keeps messages in memory. The hardening suites compare database snapshots
 * around requests, and the embedded outbox writes to the database from a background task after
 * the answer: that late write would look like a change made by the next request. It reports
 * kind `outbox` so the app still registers (and the fuzzer still attacks) the dev outbox route.
 */
import type { Mailer, MailMessage } from '../../src/adapters/mail/types.js';

export class MemoryMailer implements Mailer {
  readonly kind = 'outbox';
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  async close(): Promise<void> {}

  /**
   * The token of the first reset link sent to `to` after the first `since` messages, waiting for
   * the background send: pass `mailer.sent.length` from before the request.
   */
  async resetTokenFor(to: string, since: number): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const message = this.sent.slice(since).find((m) => m.to === to && m.text.includes('/resetPassword/'));
      const token = message && /\/resetPassword\/([\w-]+)/.exec(message.text)?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reset link was sent to ${to}`);
  }
}
