/**
 * The chat adapters against local stand-ins for the real services: a Bot API server for grammY
 * (its base URL is configurable), a Twilio-shaped Messages API for WhatsApp; and the recorder.
 */
import { after, before, describe, it } from 'node:test';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'expect';
import pino from 'pino';
import { chatConfig } from './config.js';
import { MessageRecorder, RECORDER_CAPACITY, RecordingChannel } from './recorder.js';
import { GrammyTelegramChannel } from './telegramBot.js';
import { toE164, TwilioWhatsAppChannel } from './twilioWhatsApp.js';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that records requests and answers with `answer(request)`. */
async function standIn(answer: (request: Received) => { status: number; json: unknown }): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const { status, json } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

describe('Telegram through grammY, at a configurable Bot API root', () => {
  let api: Awaited<ReturnType<typeof standIn>>;
  before(async () => {
    api = await standIn(({ path, body }) => {
      if (path.startsWith('/bot999:revoked/')) return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
      if (path.endsWith('/getMe'))
        return {
          status: 200,
          json: {
            ok: true,
            result: {
              id: 1,
              is_bot: true,
              first_name: 'BlockPilot',
              username: 'blockpilot_bot',
              can_join_groups: false,
              can_read_all_group_messages: false,
              supports_inline_queries: false,
            },
          },
        };
      if (path.endsWith('/answerCallbackQuery')) return { status: 200, json: { ok: true, result: true } };
      if (path.endsWith('/sendMessage')) {
        const { chat_id, text } = JSON.parse(body) as { chat_id: string; text: string };
        return { status: 200, json: { ok: true, result: { message_id: 5, date: 0, chat: { id: Number(chat_id), type: 'private' }, text } } };
      }
      return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
    });
  });
  after(() => new Promise<void>((resolve) => api.server.close(() => resolve())));

  it('sends with sendMessage to the chat, under /bot<token>/', async () => {
    const channel = new GrammyTelegramChannel({ botToken: '123:secret', apiRoot: api.url }, pino({ level: 'silent' }));
    await channel.send('4242', 'Block accepted');
    const sent = api.received.find((r) => r.path === '/bot123:secret/sendMessage')!;
    expect(JSON.parse(sent.body)).toMatchObject({ chat_id: '4242', text: 'Block accepted' });
    await channel.close();
  });

  it("knows the bot's username from Telegram (getMe), asking once", async () => {
    const channel = new GrammyTelegramChannel({ botToken: '123:secret', apiRoot: api.url }, pino({ level: 'silent' }));
    const asked = () => api.received.filter((r) => r.path === '/bot123:secret/getMe').length;
    const before = asked();
    await expect(Promise.all([channel.botUsername(), channel.botUsername()])).resolves.toEqual(['blockpilot_bot', 'blockpilot_bot']);
    await expect(channel.botUsername()).resolves.toBe('blockpilot_bot');
    expect(asked() - before).toBe(1);
    await channel.close();
  });

  it('says no username when Telegram refuses the token', async () => {
    const channel = new GrammyTelegramChannel({ botToken: '999:revoked', apiRoot: api.url }, pino({ level: 'silent' }));
    await expect(channel.botUsername()).resolves.toBeNull();
  });

  it("answers /start in a chat with the text of the app's handler", async () => {
    const channel = new GrammyTelegramChannel({ botToken: '123:secret', apiRoot: api.url }, pino({ level: 'silent' }));
    const asked: string[] = [];
    await channel.handleUpdate(
      {
        update_id: 1,
        message: {
          message_id: 9,
          date: 0,
          chat: { id: 777, type: 'private', first_name: 'Dee' },
          from: { id: 777, is_bot: false, first_name: 'Dee' },
          text: '/start',
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      },
      async (chatId) => {
        asked.push(chatId);
        return `Your BlockPilot code is ABCD2345`;
      },
    );
    expect(asked).toEqual(['777']);
    const replies = api.received.filter((r) => r.path.endsWith('/sendMessage')).map((r) => JSON.parse(r.body) as { chat_id: number; text: string });
    expect(replies.at(-1)).toMatchObject({ chat_id: 777, text: 'Your BlockPilot code is ABCD2345' });
    await channel.close();
  });
  it("hands the handler the sender's Telegram language, so a chat not linked yet can be answered in it", async () => {
    const channel = new GrammyTelegramChannel({ botToken: '123:secret', apiRoot: api.url }, pino({ level: 'silent' }));
    const asked: Array<[string, string | undefined]> = [];
    const start = (chatId: number, from: { language_code?: string }) => ({
      update_id: chatId,
      message: {
        message_id: 9,
        date: 0,
        chat: { id: chatId, type: 'private' as const, first_name: 'Dee' },
        from: { id: chatId, is_bot: false, first_name: 'Dee', ...from },
        text: '/start',
        entities: [{ type: 'bot_command' as const, offset: 0, length: 6 }],
      },
    });
    const handler = async (chatId: string, languageCode?: string) => {
      asked.push([chatId, languageCode]);
      return 'Tu código de BlockPilot es ABCD2345';
    };
    await channel.handleUpdate(start(778, { language_code: 'es-MX' }), handler);
    await channel.handleUpdate(start(779, {}), handler);
    expect(asked).toEqual([
      ['778', 'es-MX'],
      ['779', undefined],
    ]);
    await channel.close();
  });

  it('sends an offered block\'s Accept as an inline keyboard button, and answers its tap with the handler\'s text (docs/PRODUCT.md "Notify-only filters")', async () => {
    const channel = new GrammyTelegramChannel({ botToken: '123:secret', apiRoot: api.url }, pino({ level: 'silent' }));
    await channel.send('4242', 'Block to accept', { label: 'Accept', data: 'accept:entry-1' });
    const sent = api.received.filter((r) => r.path === '/bot123:secret/sendMessage').at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ chat_id: '4242', reply_markup: { inline_keyboard: [[{ text: 'Accept', callback_data: 'accept:entry-1' }]] } });
    const taps: Array<[string, string]> = [];
    await channel.handleUpdate(
      {
        update_id: 50,
        callback_query: {
          id: 'tap-1',
          chat_instance: 'x',
          from: { id: 4242, is_bot: false, first_name: 'Dee' },
          data: 'accept:entry-1',
          message: { message_id: 5, date: 0, chat: { id: 4242, type: 'private', first_name: 'Dee' }, text: 'Block to accept' },
        },
      },
      undefined,
      async (chatId, data) => {
        taps.push([chatId, data]);
        return 'Taken by another driver.';
      },
    );
    expect(taps).toEqual([['4242', 'accept:entry-1']]);
    const answered = api.received.filter((r) => r.path === '/bot123:secret/answerCallbackQuery').at(-1)!;
    expect(JSON.parse(answered.body)).toMatchObject({ callback_query_id: 'tap-1', text: 'Taken by another driver.' });
    await channel.close();
  });
});

describe("WhatsApp through a provider's Messages API (Twilio's shape)", () => {
  let api: Awaited<ReturnType<typeof standIn>>;
  before(async () => {
    api = await standIn(({ body }) =>
      new URLSearchParams(body).get('To') === 'whatsapp:+15550000000'
        ? { status: 400, json: { code: 21211, message: "The 'To' number is not a valid phone number." } }
        : { status: 201, json: { sid: 'SM1', status: 'queued' } },
    );
  });
  after(() => new Promise<void>((resolve) => api.server.close(() => resolve())));

  it("posts To/From/Body as whatsapp: addresses with Basic auth to the account's Messages.json", async () => {
    const channel = new TwilioWhatsAppChannel({ apiUrl: api.url, accountSid: 'AC123', authToken: 'tok', from: '+1 415 523 8886' });
    await channel.send('+1 (555) 555-0199', 'Searching paused');
    const sent = api.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ To: 'whatsapp:+15555550199', From: 'whatsapp:+14155238886', Body: 'Searching paused' });
  });

  it("rejects with the provider's message when it refuses", async () => {
    const channel = new TwilioWhatsAppChannel({ apiUrl: api.url, accountSid: 'AC123', authToken: 'tok', from: '+14155238886' });
    await expect(channel.send('+1 555 000 0000', 'x')).rejects.toThrow(/HTTP 400 The 'To' number is not a valid phone number/);
  });

  it('normalises numbers to E.164', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('1-555-555-0100')).toBe('+15555550100');
  });
});

describe('the embedded recorder and the chat configuration', () => {
  it('keeps messages per channel and recipient, newest first, bounded', async () => {
    let now = 1000;
    const recorder = new MessageRecorder(() => now++);
    const telegram = new RecordingChannel('telegram', recorder);
    const whatsApp = new RecordingChannel('whatsapp', recorder);
    await telegram.send('1', 'a');
    await whatsApp.send('+1', 'b');
    await telegram.send('2', 'c');
    expect(recorder.list().map((m) => m.text)).toEqual(['c', 'b', 'a']);
    expect(recorder.list({ channel: 'telegram', to: '1' })).toEqual([{ id: 1, channel: 'telegram', to: '1', text: 'a', sentAt: 1000 }]);
    for (let i = 0; i < RECORDER_CAPACITY + 10; i++) await telegram.send('3', `m${i}`);
    expect(recorder.list({ limit: 1000 })).toHaveLength(RECORDER_CAPACITY);
  });

  it('reads the channels from the environment: recorder by default, WhatsApp only when fully configured', () => {
    expect(chatConfig({})).toEqual({ telegram: null, whatsApp: null });
    expect(chatConfig({ TELEGRAM_BOT_TOKEN: '1:x', TELEGRAM_API_ROOT: 'http://localhost:8081/' })).toEqual({
      telegram: { botToken: '1:x', apiRoot: 'http://localhost:8081' },
      whatsApp: null,
    });
    expect(chatConfig({ TELEGRAM_BOT_TOKEN: '1:x' }).telegram?.apiRoot).toBe('https://api.telegram.org');
    expect(chatConfig({ WHATSAPP_ACCOUNT_SID: 'AC1', WHATSAPP_AUTH_TOKEN: 't', WHATSAPP_FROM: '+1' }).whatsApp).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
    });
    expect(() => chatConfig({ WHATSAPP_ACCOUNT_SID: 'AC1' })).toThrow(/must be set together/);
  });
});
