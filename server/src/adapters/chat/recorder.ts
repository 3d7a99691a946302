/**
 * The embedded chat channels' destination: messages kept in memory on this machine (the newest
 * few hundred), read by the tests and by the dev route GET /dev/messages instead of reaching
 * Telegram or WhatsApp.
 */
import type { ChatChannel, ChatChannelName, ChatMessage, TelegramChannel } from './types.js';

/** A kept message and when it was sent. */
export interface RecordedMessage extends ChatMessage {
  id: number;
  sentAt: number;
}

/** What to read back: one channel, one recipient, at most `limit` (newest first). */
export interface RecordedMessageQuery {
  channel?: ChatChannelName;
  to?: string;
  limit?: number;
}

/** Messages kept; the oldest go first. */
export const RECORDER_CAPACITY = 500;

/** The messages the recording channels kept, newest first on reading. */
export class MessageRecorder {
  private readonly messages: RecordedMessage[] = [];
  private nextId = 1;

  constructor(private readonly now: () => number = Date.now) {}

  record(message: ChatMessage): RecordedMessage {
    const kept = { ...message, id: this.nextId++, sentAt: this.now() };
    this.messages.push(kept);
    if (this.messages.length > RECORDER_CAPACITY) this.messages.shift();
    return kept;
  }

  list({ channel, to, limit = 50 }: RecordedMessageQuery = {}): RecordedMessage[] {
    const found: RecordedMessage[] = [];
    for (let i = this.messages.length - 1; i >= 0 && found.length < limit; i--) {
      const message = this.messages[i]!;
      if ((channel === undefined || message.channel === channel) && (to === undefined || message.to === to)) found.push(message);
    }
    return found;
  }
}

/** A channel that keeps what it sends in the recorder. */
export class RecordingChannel implements ChatChannel {
  readonly mode = 'recorder';

  constructor(
    readonly channel: ChatChannelName,
    private readonly recorder: MessageRecorder,
  ) {}

  async send(to: string, text: string): Promise<void> {
    this.recorder.record({ channel: this.channel, to, text });
  }

  async close(): Promise<void> {}
}

/** The embedded Telegram channel: records what the bot would send; /start comes through the dev route. */
export class RecordingTelegramChannel extends RecordingChannel implements TelegramChannel {
  declare readonly channel: 'telegram';

  constructor(recorder: MessageRecorder) {
    super('telegram', recorder);
  }

  startReceiving(): void {}

  /** No bot: messages are recorded here. */
  async botUsername(): Promise<null> {
    return null;
  }
}
