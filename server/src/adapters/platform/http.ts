/**
 * The HTTP transport under the platform client: one undici Pool of keep-alive connections per
 * origin, and one deadline per call that covers connecting, the response headers and reading the
 * whole body. A call always settles by its deadline; network errors come back as `transient`
 * failures, never as exceptions.
 */
import { Pool } from 'undici';
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
}

interface Target {
  pool: Pool;
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
    try {
      const answer = await target.pool.request({
        method: request.method,
        path: target.prefix + request.path,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
      const text = await answer.body.text();
      return { ok: true, value: { status: answer.statusCode, headers: answer.headers, json: parseJson(text), text } };
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
    target = { pool, prefix: url.pathname.replace(/\/+$/, '') };
    this.targets.set(base, target);
    return target;
  }
}
