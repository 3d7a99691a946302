/**
 * Chat channels from the environment: Telegram through its bot API when a bot token is set,
 * WhatsApp through a provider's HTTP API (Twilio's Messages API) when its credentials are set.
 * Without them each channel records messages locally (the embedded default).
 */

/** A Telegram bot: its token and the bot API's base URL (grammY's `client.apiRoot`). */
export interface TelegramConfig {
  botToken: string;
  apiRoot: string;
}

/** The WhatsApp provider (Twilio's Messages API shape): base URL, account, secret, sender number. */
export interface WhatsAppConfig {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending WhatsApp number, E.164 (+14155238886). */
  from: string;
}

/** The chat settings of the server configuration; null = the local recorder. */
export interface ChatConfig {
  telegram: TelegramConfig | null;
  whatsApp: WhatsAppConfig | null;
}

/** Telegram's own Bot API. */
export const DEFAULT_TELEGRAM_API_ROOT = 'https://api.telegram.org';
/** Twilio's API. */
export const DEFAULT_WHATSAPP_API_URL = 'https://api.twilio.com';

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** The chat settings from the environment (see server/ENVIRONMENT.md); throws for a half-set WhatsApp. */
export function chatConfig(env: NodeJS.ProcessEnv): ChatConfig {
  const botToken = trimmed(env.TELEGRAM_BOT_TOKEN);
  const whatsApp = [trimmed(env.WHATSAPP_ACCOUNT_SID), trimmed(env.WHATSAPP_AUTH_TOKEN), trimmed(env.WHATSAPP_FROM)] as const;
  const whatsAppSet = whatsApp.filter(Boolean).length;
  // Half a configuration would silently drop every WhatsApp message: refuse to start instead.
  if (whatsAppSet > 0 && whatsAppSet < 3) throw new Error('WHATSAPP_ACCOUNT_SID, WHATSAPP_AUTH_TOKEN and WHATSAPP_FROM must be set together');
  return {
    telegram: botToken ? { botToken, apiRoot: (trimmed(env.TELEGRAM_API_ROOT) || DEFAULT_TELEGRAM_API_ROOT).replace(/\/+$/, '') } : null,
    whatsApp:
      whatsAppSet === 3
        ? {
            apiUrl: (trimmed(env.WHATSAPP_API_URL) || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, ''),
            accountSid: whatsApp[0],
            authToken: whatsApp[1],
            from: whatsApp[2],
          }
        : null,
  };
}
