import { describe, it, beforeEach, afterEach } from 'node:test';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { expect } from 'expect';
import { HttpTransport } from './http.js';

/** A server that remembers its connections and which connection each request came on. */
interface CountingServer {
  base: string;
  connections: Socket[];
  requests: { socket: Socket }[];
  /** Holds answers until released (so calls overlap and the pool needs more connections). */
  hold(): () => void;
  close(): Promise<void>;
}

async function countingServer(): Promise<CountingServer> {
  const connections: Socket[] = [];
  const requests: CountingServer['requests'] = [];
  let gate: Promise<void> | null = null;
  const server: Server = createServer((req, res) => {
    requests.push({ socket: req.socket });
    void (gate ?? Promise.resolve()).then(() => res.end('{}'));
  });
  server.on('connection', (socket: Socket) => connections.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    connections,
    requests,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('pre-opened platform connections', () => {
  let server: CountingServer;
  let transport: HttpTransport;

  beforeEach(async () => {
    server = await countingServer();
    transport = new HttpTransport({ timeoutMs: 2000, connectionsPerOrigin: 8, sparesPerOrigin: 2 });
  });
  afterEach(async () => {
    await transport.close();
    await server.close();
  });

  const call = () => transport.send({ method: 'GET', base: server.base, path: '/x', headers: {} });

  it('the first call to an origin opens spares beside its own connection, without sending anything on them', async () => {
    expect((await call()).ok).toBe(true);
    await until(() => transport.spareConnections(server.base) === 2);
    expect(server.connections).toHaveLength(3);
    expect(server.requests).toHaveLength(1);
  });

  it('calls that need a further connection get one that was open before they were sent, and the spare is replaced', async () => {
    expect((await call()).ok).toBe(true);
    await until(() => transport.spareConnections(server.base) === 2);
    const opened = server.connections.slice();

    const release = server.hold();
    const overlapping = [call(), call()];
    await until(() => server.requests.length === 3);
    release();
    expect((await Promise.all(overlapping)).every((answer) => answer.ok)).toBe(true);

    // Two calls at once, each on a connection that was open before it was sent: no handshake.
    for (const request of server.requests.slice(1)) expect(opened).toContain(request.socket);
    // Each spare taken is replaced in the background.
    const taken = server.requests.filter((request) => request.socket !== server.requests[0]!.socket).length;
    await until(() => transport.spareConnections(server.base) === 2);
    expect(server.connections).toHaveLength(3 + taken);
    expect(server.requests).toHaveLength(3);
  });

  it('a spare the server closes is replaced only if it had lived a while, and a closed transport opens none', async () => {
    expect((await call()).ok).toBe(true);
    await until(() => transport.spareConnections(server.base) === 2);
    // The server drops the idle spares at once: no reconnect loop.
    const idle = server.connections.filter((socket) => !server.requests.some((request) => request.socket === socket));
    expect(idle).toHaveLength(2);
    for (const socket of idle) socket.destroy();
    await until(() => transport.spareConnections(server.base) === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.connections).toHaveLength(3);

    await transport.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toHaveLength(3);
  });
});
