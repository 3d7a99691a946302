/**
 * The HTTP transport under the platform client: one undici Pool of keep-alive connections per
 * origin, and one deadline per call that covers connecting, the response headers and reading the
 * whole body. A call always settles by its deadline; network errors come back as `transient`
 * failures, never as exceptions. A request that asks for it (`stampDeparture`, the offers poll)
 * learns when it left: when undici wrote it to a socket, after any wait for a free connection.
 */
import { Pool, type Dispatcher } from 'undici';
import { classifyNetworkError, type ReceivedResponse } from './outcomes.js';
import { createSpareConnections, type SpareConnections } from './spareConnections.js';
import type { PlatformResult } from './types.js';

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** Deadline of a whole call, ms. */
  timeoutMs: number;
  /** Keep-alive connections per origin. */
  connectionsPerOrigin: number;
  /** Connections kept open ahead of need per origin (./spareConnections.ts). Default 2. */
  sparesPerOrigin?: number;
}

const DEFAULT_SPARES_PER_ORIGIN = 2;

/** One request: a path under a base URL. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Base URL, possibly with a path prefix (`http://host:1234/prefix`). */
  base: string;
  /** Path of the call, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Stamp the moment the request is written to its socket (`ReceivedResponse.sentAt`): the pace of
   * the offers poll counts from it (docs/ENGINE.md "Pace"). Other requests go on the pool directly.
   */
  stampDeparture?: boolean;
}

interface Target {
  pool: Pool;
  /** The same pool, each request's departure stamped (see {@link stampDeparture}). */
  stamped: Dispatcher;
  /** The base URL's own path, without a trailing slash ('' for a bare origin). */
  prefix: string;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where a request's departure is written; carried to the interceptor in the request's options. */
const DEPARTURE = Symbol('departure');
interface Departure {
  sentAt: number;
}

/**
 * Passes every step through, stamping `performance.now()` when the request starts on its socket
 * (undici calls onRequestStart right before writing it): the request has left this process then,
 * whatever it waited for (a free connection, the event loop).
 */
class DepartureStamp implements Dispatcher.DispatchHandler {
  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly departure: Departure,
  ) {}
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.departure.sentAt = performance.now();
    this.inner.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>): void {
    this.inner.onRequestUpgrade?.(...args);
  }
  onResponseStart(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>): void {
    this.inner.onResponseStart?.(...args);
  }
  onResponseData(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseData']>>): void {
    this.inner.onResponseData?.(...args);
  }
  onResponseEnd(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseEnd']>>): void {
    this.inner.onResponseEnd?.(...args);
  }
  onResponseError(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseError']>>): void {
    this.inner.onResponseError?.(...args);
  }
}

const stampDeparture: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const departure = (options as { [DEPARTURE]?: Departure })[DEPARTURE];
  return dispatch(options, departure ? new DepartureStamp(handler, departure) : handler);
};

export class HttpTransport {
  private readonly targets = new Map<string, Target>();
  private readonly pools = new Map<string, Pool>();
  private readonly spares: SpareConnections;
  private closed = false;

  constructor(private readonly options: HttpTransportOptions) {
    this.spares = createSpareConnections(options.sparesPerOrigin ?? DEFAULT_SPARES_PER_ORIGIN, options.timeoutMs);
  }

  /** Sends the request and reads the whole answer, or the `transient` failure that stopped it. */
  async send(request: HttpRequest): Promise<PlatformResult<ReceivedResponse>> {
    const target = this.target(request.base);
    const controller = new AbortController();
    let deadlineExceeded = false;
    // One timer for the whole call: undici's own timeouts are per phase and would let a slow
    // trickle of body bytes run past the deadline.
    const timer = setTimeout(() => {
      deadlineExceeded = true;
      controller.abort();
    }, this.options.timeoutMs);
    const departure: Departure | undefined = request.stampDeparture ? { sentAt: Number.NaN } : undefined;
    try {
      const options: Dispatcher.RequestOptions<null> = {
        method: request.method,
        path: target.prefix + request.path,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      };
      // undici hands a request's options on to the interceptor as they are, so the slot travels with it.
      const answer = departure ? await target.stamped.request(Object.assign(options, { [DEPARTURE]: departure })) : await target.pool.request(options);
      const text = await answer.body.text();
      const value: ReceivedResponse = { status: answer.statusCode, headers: answer.headers, json: parseJson(text), text };
      if (departure) value.sentAt = departure.sentAt;
      return { ok: true, value };
    } catch (error) {
      return classifyNetworkError(error, deadlineExceeded);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Connections to the base URL's origin open ahead of need and unused now. */
  spareConnections(base: string): number {
    return this.spares.readyCount(new URL(base));
  }

  /** Closes every pool; in-flight calls finish first. */
  async close(): Promise<void> {
    this.closed = true;
    this.spares.close();
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
    this.targets.clear();
  }

  private target(base: string): Target {
    let target = this.targets.get(base);
    if (target) return target;
    if (this.closed) throw new Error('the platform client is closed');
    const url = new URL(base);
    let pool = this.pools.get(url.origin);
    if (!pool) {
      const { timeoutMs, connectionsPerOrigin } = this.options;
      pool = new Pool(url.origin, {
        connections: connectionsPerOrigin,
        connect: this.spares.connect,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      this.pools.set(url.origin, pool);
      // The first call to an origin opens the pool's first connection; spares open beside it, so
      // the next connections the pool needs (a second accept in flight at once) are already open.
      this.spares.warm(url);
    }
    target = { pool, stamped: pool.compose(stampDeparture), prefix: url.pathname.replace(/\/+$/, '') };
    this.targets.set(base, target);
    return target;
  }
}
