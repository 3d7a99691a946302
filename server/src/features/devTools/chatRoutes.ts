/**
 * The embedded chat channels' dev tools, from this machine only: GET /dev/messages lists what
 * the recording Telegram and WhatsApp channels kept (newest first), and POST /dev/telegram/start
 * simulates a driver sending /start to the bot: it gets the same answer the real bot sends (a
 * link code), so the whole linking flow works locally.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MessageRecorder } from '../../adapters/chat/recorder.js';
import type { ChatChannelName } from '../../adapters/chat/types.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answerTelegramStart } from '../telegram/start.js';
import { optionalText } from '@blockpilot/shared/api/schemas';
import { localDeveloperOnly } from '../../http/localDeveloperOnly.js';

/** Registers the recorder's listing, and the simulated /start when Telegram is the recorder. */
export async function chatDevRoutes(app: FastifyInstance, { ctx, recorder }: { ctx: AppContext; recorder: MessageRecorder }): Promise<void> {
  app.get<{ Querystring: { channel?: ChatChannelName; to?: string; limit?: string } }>(
    '/dev/messages',
    {
      onRequest: localDeveloperOnly,
      schema: {
        tags: ['development'],
        summary: 'Telegram and WhatsApp messages kept by the embedded channels (only from this machine)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            channel: { type: 'string', enum: ['telegram', 'whatsapp'] },
            to: optionalText(64),
            limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { channel, to, limit } = request.query;
      return ok(recorder.list({ ...(channel ? { channel } : {}), ...(to ? { to } : {}), ...(limit ? { limit: Number(limit) } : {}) }));
    },
  );

  if (ctx.telegram.mode !== 'recorder') return;
  app.post<{ Body: { chatId?: string } }>(
    '/dev/telegram/start',
    {
      onRequest: localDeveloperOnly,
      schema: {
        tags: ['development'],
        summary: 'Simulate /start sent to the bot from a chat (embedded Telegram only): answers with the link code',
        body: { type: 'object', additionalProperties: false, properties: { chatId: { type: 'string', pattern: '^-?[0-9]{1,20}$' } } },
      },
    },
    async (request) => {
      const chatId = request.body?.chatId ?? String(randomInt(100_000_000, 2_000_000_000));
      const { code, reply } = await answerTelegramStart(ctx, chatId);
      await ctx.telegram.send(chatId, reply);
      return ok({ chatId, code, reply });
    },
  );
}
