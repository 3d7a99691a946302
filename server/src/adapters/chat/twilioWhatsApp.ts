/**
 * WhatsApp through a provider's HTTP API, in the shape of Twilio's Messages API:
 * `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body`
 * with `whatsapp:` addresses, HTTP Basic auth with the account SID and auth token. Every call has
 * a deadline; a refusal rejects with the provider's message.
 */
import type { WhatsAppConfig } from './config.js';
import type { ChatChannel } from './types.js';

const TIMEOUT_MS = 10_000;

/** `+1 (555) 555-0100` -> `+15555550100`: the E.164 form the provider takes. */
export function toE164(phoneNumber: string): string {
  const digits = phoneNumber.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : `+${digits.replace(/\+/g, '')}`;
}

/** The WhatsApp channel over the provider's Messages API. */
export class TwilioWhatsAppChannel implements ChatChannel {
  readonly channel = 'whatsapp';
  readonly mode = 'provider';
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly config: WhatsAppConfig) {
    this.endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  }

  async send(to: string, text: string): Promise<void> {
    const body = new URLSearchParams({ To: `whatsapp:${toE164(to)}`, From: `whatsapp:${toE164(this.config.from)}`, Body: text });
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const detail = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    throw new Error(`WhatsApp provider refused the message: HTTP ${response.status}${typeof detail?.message === 'string' ? ` ${detail.message}` : ''}`);
  }

  async close(): Promise<void> {}
}
