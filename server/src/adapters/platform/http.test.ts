/**
 * The transport's departure stamp (docs/ENGINE.md "Pace"): a request sent with `stampDeparture`
 * learns when it was written to its socket, not when it was handed to the transport, so a poll
 * that waited for the pool's only connection counts its pace from when it really left.
 */
import { describe, it, before, after } from 'node:test';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { expect } from 'expect';
import { HttpTransport } from './http.js';

/** How long the server holds the answer to `/slow`. */
const HOLD_MS = 300;

describe('the departure of a request, stamped when it is written to its socket', () => {
  let server: Server;
  let base: string;
  /** When each request reached the server, by path. */
  const arrivals = new Map<string, number>();

  before(async () => {
    server = createServer((req, res) => {
      arrivals.set(req.url!, performance.now());
      setTimeout(() => res.end('{"ok":true}'), req.url === '/slow' ? HOLD_MS : 0);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  it('a request queued behind the only connection is stamped when it leaves, after the call ahead of it answered', async () => {
    const transport = new HttpTransport({ timeoutMs: 5000, connectionsPerOrigin: 1, sparesPerOrigin: 0 });
    try {
      const handedOver = performance.now();
      const [slow, queued] = await Promise.all([
        transport.send({ method: 'GET', base, path: '/slow', headers: {}, stampDeparture: true }),
        transport.send({ method: 'GET', base, path: '/queued', headers: {}, stampDeparture: true }),
      ]);
      if (!slow.ok || !queued.ok) throw new Error('both calls should have been answered');
      expect(slow.value.json).toEqual({ ok: true });
      // The first left at once; the second only once the first had its answer (HOLD_MS later),
      // and before the server saw it.
      expect(slow.value.sentAt! - handedOver).toBeLessThan(HOLD_MS / 2);
      expect(queued.value.sentAt! - slow.value.sentAt!).toBeGreaterThanOrEqual(HOLD_MS);
      expect(queued.value.sentAt!).toBeLessThanOrEqual(arrivals.get('/queued')!);
    } finally {
      await transport.close();
    }
  });

  it('stamps nothing on a request that does not ask (the accept path is left as it was)', async () => {
    const transport = new HttpTransport({ timeoutMs: 5000, connectionsPerOrigin: 1, sparesPerOrigin: 0 });
    try {
      const answer = await transport.send({ method: 'GET', base, path: '/plain', headers: {} });
      if (!answer.ok) throw new Error('the call should have been answered');
      expect(answer.value.sentAt).toBeUndefined();
    } finally {
      await transport.close();
    }
  });
});
