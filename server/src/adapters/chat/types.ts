/** Chat channels notifications go out on (Telegram, WhatsApp): the interface every adapter implements. */

/** Which chat service a channel talks to. */
export type ChatChannelName = 'telegram' | 'whatsapp';

/** One short text message to one recipient. */
export interface ChatMessage {
  channel: ChatChannelName;
  /** Telegram chat id, or a WhatsApp number in E.164 form (+15555550100). */
  to: string;
  text: string;
}

/**
 * A button under a chat message (Telegram's inline keyboard): an offered block's Accept
 * (docs/PRODUCT.md "Notify-only filters"). `data` comes back with the tap (64 bytes at most).
 */
export interface ChatButton {
  label: string;
  data: string;
}

/**
 * Sends text messages on one chat service. `provider` adapters call the real service;
 * `recorder` adapters (the embedded default) keep the messages on this machine.
 */
export interface ChatChannel {
  readonly channel: ChatChannelName;
  readonly mode: 'provider' | 'recorder';
  /** Resolves once the service accepted the message; rejects when it did not. A channel without buttons (WhatsApp) sends the text alone. */
  send(to: string, text: string, button?: ChatButton): Promise<void>;
  /** Stops receiving (Telegram) and releases connections. */
  close(): Promise<void>;
}

/**
 * What the bot answers to /start in a chat: the text of its reply. `languageCode` is the
 * sender's Telegram language (an IETF tag such as "es"), when Telegram gives it.
 */
export type TelegramStartHandler = (chatId: string, languageCode?: string) => Promise<string>;

/** What the bot answers to a tap on a message's button: the short text Telegram shows. */
export type TelegramButtonHandler = (chatId: string, data: string) => Promise<string>;

/** The Telegram channel: it also receives the bot's /start command and taps on its buttons. */
export interface TelegramChannel extends ChatChannel {
  readonly channel: 'telegram';
  /**
   * Starts receiving the bot's updates; each /start is answered with `onStart`'s text. The
   * recorder receives nothing (its /start is simulated through the dev route).
   */
  startReceiving(onStart: TelegramStartHandler, onButton?: TelegramButtonHandler): void;
  /** The bot's username (without "@"), as Telegram names it; null when there is no bot or it cannot be asked. */
  botUsername(): Promise<string | null>;
}
