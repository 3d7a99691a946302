/**
 * Telegram through its bot API with grammY. Sending is `sendMessage`; receiving is grammY's long
 * polling, started once the app is up, and its only command is /start, answered with the text
 * the app's handler gives (a link code the driver enters in Notification Preferences). The API's
 * base URL is configurable (grammY's `client.apiRoot`), so a local Bot API server or a test
 * double can stand in for api.telegram.org.
 */
import { Bot } from 'grammy';
import type { FastifyBaseLogger } from 'fastify';
import type { TelegramConfig } from './config.js';
import type { ChatButton, TelegramButtonHandler, TelegramChannel, TelegramStartHandler } from './types.js';

/** Seconds grammY waits for one bot API call (a long-polling getUpdates waits up to 30 more). */
const API_TIMEOUT_SECONDS = 10;
/** How long a caller of botUsername() waits for Telegram's answer. */
const USERNAME_WAIT_MS = 2_000;

/** The Telegram channel over the bot API (grammY): sends with sendMessage, answers /start. */
export class GrammyTelegramChannel implements TelegramChannel {
  readonly channel = 'telegram';
  readonly mode = 'provider';
  private readonly bot: Bot;
  private receiving = false;
  /** The getMe on its way, if any. */
  private asking: Promise<string | null> | null = null;
  /** The /start handler in use; the command is registered with grammY once. */
  private startHandler: TelegramStartHandler | null = null;
  /** The handler of button taps in use; registered with grammY once. */
  private buttonHandler: TelegramButtonHandler | null = null;

  constructor(
    config: TelegramConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.bot = new Bot(config.botToken, { client: { apiRoot: config.apiRoot, timeoutSeconds: API_TIMEOUT_SECONDS } });
    this.bot.catch((error) => this.log.error({ err: error.error, updateId: error.ctx.update.update_id }, 'telegram update failed'));
  }

  async send(to: string, text: string, button?: ChatButton): Promise<void> {
    await this.bot.api.sendMessage(to, text, button ? { reply_markup: { inline_keyboard: [[{ text: button.label, callback_data: button.data }]] } } : {});
  }

  startReceiving(onStart: TelegramStartHandler, onButton?: TelegramButtonHandler): void {
    if (this.receiving) return;
    this.receiving = true;
    this.answerStartWith(onStart);
    if (onButton) this.answerButtonsWith(onButton);
    // Long polling runs until close(); its failures (network, a revoked token) are logged, not thrown.
    this.bot.start({ onStart: (me) => this.log.info({ bot: me.username }, 'telegram bot receiving updates') }).catch((error: unknown) => {
      this.receiving = false;
      this.log.error({ err: error }, 'telegram bot stopped receiving');
    });
  }

  /**
   * Handles one update as if it had been received (webhooks, tests). Answers /start with
   * `onStart` and button taps with `onButton` when given (each replaces its handler for later updates too).
   */
  async handleUpdate(update: Parameters<Bot['handleUpdate']>[0], onStart?: TelegramStartHandler, onButton?: TelegramButtonHandler): Promise<void> {
    if (onStart) this.answerStartWith(onStart);
    if (onButton) this.answerButtonsWith(onButton);
    if (!this.bot.isInited()) await this.bot.init();
    await this.bot.handleUpdate(update);
  }

  /**
   * Asks Telegram (getMe, through grammY's init) until it answers, one question at a time, and
   * waits for it at most {@link USERNAME_WAIT_MS}: a page asking must not hang on Telegram.
   */
  async botUsername(): Promise<string | null> {
    if (this.bot.isInited()) return this.bot.botInfo.username;
    this.asking ??= this.bot
      .init()
      .then(
        () => this.bot.botInfo.username,
        (error: unknown) => {
          this.log.warn({ err: error }, 'could not ask Telegram for the bot username');
          return null;
        },
      )
      .finally(() => {
        this.asking = null;
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), USERNAME_WAIT_MS);
    });
    try {
      return await Promise.race([this.asking, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.bot.isRunning()) await this.bot.stop();
  }

  private answerStartWith(onStart: TelegramStartHandler): void {
    const registered = this.startHandler !== null;
    this.startHandler = onStart;
    if (registered) return;
    this.bot.command('start', async (ctx) => {
      const reply = await this.startHandler!(String(ctx.chat.id), ctx.from?.language_code);
      await ctx.reply(reply);
    });
  }

  /** A tap on a button (a callback query) is answered with the handler's text, which Telegram shows briefly. */
  private answerButtonsWith(onButton: TelegramButtonHandler): void {
    const registered = this.buttonHandler !== null;
    this.buttonHandler = onButton;
    if (registered) return;
    this.bot.on('callback_query:data', async (ctx) => {
      const chatId = String(ctx.chat?.id ?? ctx.from.id);
      const text = await this.buttonHandler!(chatId, ctx.callbackQuery.data);
      await ctx.answerCallbackQuery({ text });
    });
  }
}
