/**
 * The dashboard's pages that are chunks of their own (docs/FRONTEND.md "Route chunks"), by path:
 * the routes load them lazily, and the links to them start loading them as soon as the driver
 * shows intent (a finger on the link, the pointer over it, keyboard focus). A page whose chunk is
 * still loading at the click shows its spinner, and React then holds the page back until 300 ms
 * after the spinner appeared (so a spinner never just flashes); a chunk already loaded skips both.
 */
import { CALENDAR_PATH, STATS_PATH } from '@blockpilot/shared';

export const PAGE_CHUNKS = {
  [STATS_PATH]: () => import(/* webpackChunkName: "stats" */ './screens/Stats/Stats'),
  [CALENDAR_PATH]: () => import(/* webpackChunkName: "calendar" */ './screens/Calendar/Calendar'),
} as const;

/** Starts loading the chunk of the page at `path`, if it has one; webpack loads each chunk once. */
export function preloadPage(path: string): void {
  const load = (PAGE_CHUNKS as Record<string, (() => Promise<unknown>) | undefined>)[path];
  // A failed preload is not an error yet: the route's own load retries and shows its notice.
  load?.().catch(() => undefined);
}
