/**
 * GET /api/user/events: the driver's live stream (docs/LIVE.md), server-sent events. On opening,
 * and after every search or account signal, it sends the search status read from the database;
 * log signals pass through for the device to fetch the new entries. Signals of one stream are sent
 * in order, one status read at a time. A comment line every 25 s keeps proxies from closing an
 * idle stream; streams still open when the server closes are ended first, so closing never waits
 * for a device. A `releases` broadcast (a channel move, docs/LIVE.md "New releases") passes through
 * to every stream as it is.
 */
import type { LiveEvent } from '@blockpilot/shared/types';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { LiveSignal } from '../../adapters/live/types.js';
import type { AppContext } from '../../context.js';
import { bearerAuth } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { searchStatusOf } from './status.js';

/** How often an idle stream sends a comment line. */
export const LIVE_HEARTBEAT_MS = 25_000;

export function streamLiveEvents(app: FastifyInstance, ctx: AppContext): void {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.get(
    '/api/user/events',
    {
      onRequest: app.requireUser,
      config: { notJsonAnswer: true },
      schema: {
        tags: ['user'],
        summary:
          "The driver's live events (text/event-stream): `status` (the search status), `account` (credit changed), `logs` (new entries), `logRemoved` (an entry left the log), `releases` (a release went live: read /remotes.json again)",
        security: bearerAuth,
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx and alike: pass each event on at once.
        'x-accel-buffering': 'no',
      });
      open.add(response);
      const send = (event: LiveEvent) => {
        if (!response.writableEnded) response.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      let queue: Promise<void> = Promise.resolve();
      const enqueue = (work: () => Promise<void> | void) => {
        queue = queue.then(work).catch((error: unknown) => request.log.warn({ err: error, userId }, 'live event not sent'));
      };
      const sendStatus = async () => send({ type: 'status', status: await searchStatusOf(ctx.db, userId, ctx.clock.now().getTime()) });
      const onSignal = (signal: LiveSignal) => {
        if (signal.type === 'search') enqueue(sendStatus);
        else if (signal.type === 'account') {
          enqueue(() => send({ type: 'account' }));
          enqueue(sendStatus);
        } else enqueue(() => send(signal));
      };
      const unsubscribe = ctx.live.subscribe(userId, onSignal);
      enqueue(sendStatus);
      const heartbeat = setInterval(() => {
        if (!response.writableEnded) response.write(': keep-alive\n\n');
      }, LIVE_HEARTBEAT_MS);
      // A stream is never what keeps the process alive.
      heartbeat.unref();
      const closed = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      };
      response.once('close', closed);
      response.once('finish', closed);
    },
  );
}
