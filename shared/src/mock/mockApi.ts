/**
 * A fake server behind the one API client: tests of any remote answer calls here instead of
 * reaching a network. Handlers return an envelope (and optionally a status); every request is
 * recorded so tests can assert what was sent.
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, AxiosHeaders } from 'axios';
import { setTestAdapter } from '../api/client';
import { setLiveTestSource, type LiveHandlers } from '../api/live';
import { forgetPublicConfig } from '../session/publicConfig';
import type { Envelope, LiveEvent } from '../types';

/** One recorded request. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  params: Record<string, unknown> | undefined;
  headers: Record<string, unknown>;
}

/** What a handler answers: an envelope with a status (default 200). */
export interface MockReply {
  status?: number;
  body?: Envelope;
}

export type MockHandler = (call: RecordedCall) => MockReply | Envelope | Promise<MockReply | Envelope>;

/** The installed fake server. */
export interface MockApi {
  /** Every request so far, oldest first. */
  calls: RecordedCall[];
  /** Answer `METHOD /path` (path without /api), replacing an earlier handler. */
  on(route: string, handler: MockHandler | Envelope): MockApi;
  /** Requests made to one route. */
  callsTo(route: string): RecordedCall[];
  /** Sends a live event down every open live stream (docs/LIVE.md). */
  emitLive(event: LiveEvent): void;
  /** Opens of the live stream so far, and how many are open now. */
  liveOpens: number;
  openLiveStreams(): number;
  /**
   * Stop answering: a request made after this (a timer a test's page left behind) fails as a
   * network error at once, never reaching a real network (jsdom would try localhost:80).
   */
  restore(): void;
}

function isReply(value: MockReply | Envelope): value is MockReply {
  return 'status' in value || 'body' in value;
}

export function mockApi(routes: Record<string, MockHandler | Envelope> = {}): MockApi {
  // A new fake server is a new page: what the last one answered once per page is asked again.
  forgetPublicConfig();
  const handlers = new Map<string, MockHandler>();
  const calls: RecordedCall[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').replace(/^\/api/, '');
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const recorded: RecordedCall = { method, path, body, params: config.params, headers: AxiosHeaders.from(config.headers).toJSON() };
    calls.push(recorded);
    const handler = handlers.get(`${method} ${path}`);
    let answer: MockReply | Envelope;
    try {
      answer = handler ? await handler(recorded) : { status: 404, body: { alert: `No mock for ${method} ${path}` } };
    } catch (cause) {
      // A handler that throws stands for a request that never got an answer (server down, reset).
      throw new AxiosError(String(cause), AxiosError.ERR_NETWORK, config, {});
    }
    const reply = isReply(answer) ? answer : { body: answer };
    const status = reply.status ?? 200;
    const response = { data: reply.body ?? {}, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  setTestAdapter(adapter);
  const streams = new Set<LiveHandlers>();
  setLiveTestSource((handlers) => {
    streams.add(handlers);
    api.liveOpens++;
    queueMicrotask(() => streams.has(handlers) && handlers.onOpen());
    return () => void streams.delete(handlers);
  });

  const api: MockApi = {
    calls,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
      return api;
    },
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    emitLive(event) {
      for (const handlers of [...streams]) handlers.onEvent(event);
    },
    liveOpens: 0,
    openLiveStreams: () => streams.size,
    restore() {
      setTestAdapter(async (config) => {
        throw new AxiosError('the mock API was restored: a unit test reaches no network', AxiosError.ERR_NETWORK, config, {});
      });
      setLiveTestSource(null);
    },
  };
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}
