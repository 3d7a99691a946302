/**
 * An HTTP proxy on localhost in front of the platform simulator that can keep an answer from its
 * caller: the request reaches the simulator and is acted on there, but the caller never hears
 * back. It puts a test exactly between "the platform accepted" and "the engine knows it",
 * deterministically, with no hook in the product's code. It can also keep a request from the
 * simulator (`stage: 'request'`): the caller has sent it, the platform never sees it.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An answer the simulator gave that the caller will never receive (status 0: a request the simulator never got). */
export interface HeldAnswer {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** Where a call is held: before the simulator sees it, or after it answered. */
export type HoldStage = 'request' | 'answer';

/** The proxy: its URL, which calls to hold, and what it held. */
export interface HoldingProxy {
  url: string;
  /** Holds the next `count` calls whose path starts with `pathPrefix` (their answers, by default), telling `onHeld` of each. */
  holdNext(pathPrefix: string, count: number, onHeld: (answer: HeldAnswer) => void, stage?: HoldStage): void;
  /** Answers held so far. */
  readonly held: readonly HeldAnswer[];
  close(): Promise<void>;
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startHoldingProxy(targetUrl: string): Promise<HoldingProxy> {
  const target = new URL(targetUrl);
  const held: HeldAnswer[] = [];
  const sockets = new Set<Socket>();
  let rule: { pathPrefix: string; left: number; onHeld: (answer: HeldAnswer) => void; stage: HoldStage } | null = null;

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    const holding = rule && rule.left > 0 && path.startsWith(rule.pathPrefix) ? rule : null;
    if (holding) holding.left--;
    if (holding?.stage === 'request') {
      const entry = { method: req.method ?? 'GET', path, status: 0, body: body.toString('utf8') };
      held.push(entry);
      holding.onHeld(entry);
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, host: target.host } }, async (answer) => {
      if (!holding) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const text = (await readBody(answer)).toString('utf8');
      const entry = { method: req.method ?? 'GET', path, status: answer.statusCode ?? 0, body: text };
      held.push(entry);
      holding.onHeld(entry);
    });
    // The simulator dropped the connection (an injected reset): so does the proxy.
    upstream.on('error', () => req.socket.destroy());
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => void forward(req, res).catch(() => req.socket.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    held,
    holdNext(pathPrefix, count, onHeld, stage = 'answer') {
      rule = { pathPrefix, left: count, onHeld, stage };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
