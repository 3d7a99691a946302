/** The chat adapters chosen from configuration: the real services when configured, the local recorder otherwise. */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatConfig } from './config.js';
import { MessageRecorder, RecordingChannel, RecordingTelegramChannel } from './recorder.js';
import { GrammyTelegramChannel } from './telegramBot.js';
import { TwilioWhatsAppChannel } from './twilioWhatsApp.js';
import type { ChatChannel, TelegramChannel } from './types.js';

export type * from './types.js';
export { MessageRecorder, type RecordedMessage, type RecordedMessageQuery } from './recorder.js';
export { chatConfig, type ChatConfig, type TelegramConfig, type WhatsAppConfig } from './config.js';
export { GrammyTelegramChannel } from './telegramBot.js';
export { TwilioWhatsAppChannel, toE164 } from './twilioWhatsApp.js';

/** The two chat channels, and the recorder when either of them records locally. */
export interface ChatAdapters {
  telegram: TelegramChannel;
  whatsApp: ChatChannel;
  /** Where the embedded channels keep messages; null when both reach real services. */
  chatRecorder: MessageRecorder | null;
}

/** The channels for a configuration: a provider where configured, the shared recorder otherwise. */
export function createChatAdapters(config: ChatConfig, log: FastifyBaseLogger, now: () => number = Date.now): ChatAdapters {
  const recorder = config.telegram && config.whatsApp ? null : new MessageRecorder(now);
  return {
    telegram: config.telegram ? new GrammyTelegramChannel(config.telegram, log) : new RecordingTelegramChannel(recorder!),
    whatsApp: config.whatsApp ? new TwilioWhatsAppChannel(config.whatsApp) : new RecordingChannel('whatsapp', recorder!),
    chatRecorder: recorder,
  };
}
