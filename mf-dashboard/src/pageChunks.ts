/**
 * The remote's pages that are chunks of their own (docs/FRONTEND.md "Route chunks"), by path,
 * with what their spinner says while the chunk comes: the App makes a lazy route of each, and the
 * links to them start loading them as soon as the driver shows intent (a finger on the link, the
 * pointer over it, keyboard focus). Each brings its own words (src/i18n.ts, definePageCatalog).
 * A page whose chunk is still loading at the click shows its spinner, and React then holds the
 * page back until 300 ms after the spinner appeared (so a spinner never just flashes); a chunk
 * already loaded skips both.
 */
import { PAGES, SUB_PAGES } from '@blockpilot/shared';
import type { ComponentType } from 'react';
import type { MessageKey } from './i18n';

interface PageChunk {
  load: () => Promise<{ default: ComponentType }>;
  loading: MessageKey;
}

export const PAGE_CHUNKS: Readonly<Record<string, PageChunk>> = {
  [SUB_PAGES.dashboard.stats]: { load: () => import(/* webpackChunkName: "stats" */ './screens/Stats/Stats'), loading: 'stats.loading' },
  [SUB_PAGES.dashboard.calendar]: { load: () => import(/* webpackChunkName: "calendar" */ './screens/Calendar/Calendar'), loading: 'calendar.loading' },
  // Opened once per driver, from the Connect buttons: a connected driver's dashboard never needs it.
  [PAGES.connectAccount.path]: { load: () => import(/* webpackChunkName: "connect-account" */ './screens/ConnectAccount/ConnectAccount'), loading: 'connect.loading' },
};

/** Starts loading the chunk of the page at `path`, if it has one; webpack loads each chunk once. */
export function preloadPage(path: string): void {
  // A failed preload is not an error yet: the route's own load retries and shows its notice.
  PAGE_CHUNKS[path]?.load().catch(() => undefined);
}
