/**
 * The driver's live events (docs/LIVE.md) through the one API client: a server-sent event stream
 * at /api/user/events, opened with the same bearer token as every call. @microsoft/fetch-event-source
 * reconnects after a drop and closes the stream while the page is hidden (reopened when shown), so
 * a phone in a pocket holds no connection; every (re)open is reported, for the caller to catch up
 * on what it may have missed.
 *
 * The library loads when a page first opens the stream, as a chunk of its own: the pages a visitor
 * sees signed out (landing, sign-in) never open one (docs/FRONTEND.md "Route chunks").
 */
import { getAccessToken } from '../session/storage';
import type { LiveEvent } from '../types';

export interface LiveHandlers {
  onEvent(event: LiveEvent): void;
  /** The stream (re)opened: events may have been missed while it was closed. */
  onOpen(): void;
}

/** Opens the stream; returns its close. */
export type LiveSource = (handlers: LiveHandlers) => () => void;

/** How long after a drop the stream is opened again, ms. */
export const LIVE_RETRY_MS = 2_000;

/** A refusal that retrying cannot fix (a signed-out token): the stream stays closed. */
class StreamRefused extends Error {}

let sourceOverride: LiveSource | null = null;

/** Tests push events through `source` (null puts the network back). */
export function setLiveTestSource(source: LiveSource | null): void {
  sourceOverride = source;
}

/** The live stream of the signed-in driver. */
export function openLiveEvents(handlers: LiveHandlers): () => void {
  if (sourceOverride) return sourceOverride(handlers);
  const controller = new AbortController();
  const token = getAccessToken();
  void import(/* webpackChunkName: "live-stream" */ '@microsoft/fetch-event-source')
    .then(({ fetchEventSource }) => {
      // Closed while the library was loading: nothing to open.
      if (controller.signal.aborted) return;
      return fetchEventSource('/api/user/events', {
        signal: controller.signal,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        async onopen(response) {
          if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return handlers.onOpen();
          if (response.status === 401 || response.status === 403) throw new StreamRefused(`live events refused: ${response.status}`);
          throw new Error(`live events answered ${response.status}`);
        },
        onmessage(message) {
          if (!message.data) return;
          try {
            handlers.onEvent(JSON.parse(message.data) as LiveEvent);
          } catch (error) {
            console.warn('[live] unreadable event:', error instanceof Error ? error.message : error);
          }
        },
        onerror(error) {
          if (error instanceof StreamRefused) throw error;
          return LIVE_RETRY_MS;
        },
      });
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('[live] stream closed:', error instanceof Error ? error.message : error);
    });
  return () => controller.abort();
}
