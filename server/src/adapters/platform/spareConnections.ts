/**
 * Pre-opened connections to the platform (docs/ENGINE.md, "The live path"). An undici Pool opens
 * a connection when a call finds every pooled one busy, so the call that needs it (often the
 * second AcceptOffer of a listing, sent while the first is in flight) pays the TCP (and TLS)
 * handshake on the race. This connector keeps a few connections per origin already open and hands
 * one over when the pool asks, then opens the next in the background: the handshake happens before
 * it is needed, never on the accept's path.
 *
 * Only connects: it sends nothing, so it spends nothing of the platform's request budget.
 */
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

type ConnectOptions = buildConnector.Options;
type Connector = buildConnector.connector;
type ConnectCallback = buildConnector.Callback;

/** How long a spare must have lived before its loss is replaced (a server refusing idle connections must not make us reconnect in a loop). */
const MIN_SPARE_LIFETIME_MS = 1_000;

interface Origin {
  /** What undici passes for this origin, kept to open spares like it would. */
  options: ConnectOptions;
  /** Connected sockets nobody uses yet. */
  ready: Socket[];
  /** Spares being opened. */
  opening: number;
}

export interface SpareConnections {
  /** The connector to give an undici Pool (`connect` option). */
  readonly connect: Connector;
  /** Opens spares for an origin (`https://host[:port]`) before its first call. */
  warm(origin: URL): void;
  /** How many spares of an origin are open and unused now. */
  readyCount(origin: URL): number;
  /** Destroys every spare; no more are opened. */
  close(): void;
}

function originKey(options: Pick<ConnectOptions, 'protocol' | 'hostname' | 'port'>): string {
  return `${options.protocol}//${options.hostname}:${options.port}`;
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function usable(socket: Socket): boolean {
  return !socket.destroyed && socket.readyState === 'open';
}

/**
 * A connector that keeps `sparesPerOrigin` open connections ready for each origin it has served.
 * `timeoutMs` is the connect timeout.
 */
export function createSpareConnections(sparesPerOrigin: number, timeoutMs: number): SpareConnections {
  const connectNow = buildConnector({ timeout: timeoutMs });
  const origins = new Map<string, Origin>();
  let closed = false;

  function openSpare(origin: Origin): void {
    if (closed || origin.ready.length + origin.opening >= sparesPerOrigin) return;
    origin.opening += 1;
    connectNow(origin.options, (error, socket) => {
      origin.opening -= 1;
      if (error || !socket) return; // the platform is unreachable now: the next call will say so
      if (closed) {
        socket.destroy();
        return;
      }
      const openedAt = Date.now();
      const onLost = (): void => {
        const index = origin.ready.indexOf(socket as Socket);
        if (index < 0) return; // handed over already: the pool owns it
        origin.ready.splice(index, 1);
        if (Date.now() - openedAt >= MIN_SPARE_LIFETIME_MS) openSpare(origin);
      };
      // A spare must not keep the process alive, and must not be lost silently.
      socket.unref();
      socket.once('close', onLost);
      socket.on('error', () => socket.destroy());
      origin.ready.push(socket as Socket);
    });
  }

  function originFor(options: ConnectOptions): Origin {
    const key = originKey(options);
    let origin = origins.get(key);
    if (!origin) {
      origin = { options, ready: [], opening: 0 };
      origins.set(key, origin);
    }
    return origin;
  }

  const connect: Connector = (options: ConnectOptions, callback: ConnectCallback) => {
    const origin = originFor(options);
    let spare = origin.ready.shift();
    while (spare && !usable(spare)) spare = origin.ready.shift();
    openSpare(origin);
    if (!spare) {
      connectNow(options, callback);
      return;
    }
    spare.removeAllListeners('close');
    spare.removeAllListeners('error');
    spare.ref();
    const handedOver = spare;
    // undici expects the callback after connect() returns, as a real connect would.
    queueMicrotask(() => callback(null, handedOver));
  };

  return {
    connect,
    warm(url) {
      // The fields undici's Client passes for an origin without a custom servername.
      openSpare(originFor({ protocol: url.protocol, hostname: url.hostname, host: url.host, port: portOf(url), localAddress: null }));
    },
    readyCount(url) {
      return origins.get(originKey({ protocol: url.protocol, hostname: url.hostname, port: portOf(url) }))?.ready.filter(usable).length ?? 0;
    },
    close() {
      closed = true;
      for (const origin of origins.values()) {
        for (const socket of origin.ready.splice(0)) socket.destroy();
      }
    },
  };
}
