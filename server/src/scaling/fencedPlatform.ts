/**
 * The platform as one driver's search sees it on a worker: every work call first checks that
 * the worker still holds the driver's lease (see leases.ts), and the offers polls are timed so a
 * driver handed to another worker keeps the platform's pace (never two polls closer than the
 * refreshInterval, whichever worker makes them).
 */
import { DEFAULT_REFRESH_INTERVAL_MS } from '../adapters/platform/offers.js';
import { pollIntervalMs } from '../engine/pace.js';
import type { PlatformGateway } from '../adapters/platform/gateway.js';
import type { PlatformClient, PlatformFailure, PlatformResult } from '../adapters/platform/types.js';

/** When the driver's next offers poll may leave at the earliest, epoch ms (shared across workers). */
export interface PollPace {
  nextPollAt: number;
}

/** A refused call: retried with backoff by the search, which is aborted meanwhile. */
const NOT_OWNER: PlatformFailure = Object.freeze({ ok: false, kind: 'transient', cause: 'connection', status: null, detail: "this worker no longer holds the driver's lease" });

/** `gateway` for one driver: calls only while `owns()`; offers polls recorded in `pace`. */
export function fencedGateway(gateway: PlatformGateway, owns: () => boolean, pace: PollPace, now: () => number = Date.now): PlatformGateway {
  const fence = <T>(call: () => Promise<PlatformResult<T>>): Promise<PlatformResult<T>> => (owns() ? call() : Promise.resolve(NOT_OWNER));
  const wrap = (client: PlatformClient): PlatformClient => ({
    endpoints: client.endpoints,
    device: client.device,
    register: (input) => client.register(input),
    refresh: (token) => fence(() => client.refresh(token)),
    eligibleServiceAreas: (credentials) => fence(() => client.eligibleServiceAreas(credentials)),
    getOfferFiltersOptions: (credentials) => fence(() => client.getOfferFiltersOptions(credentials)),
    getOffers: (credentials, areas) =>
      fence(async () => {
        const startedAt = now();
        pace.nextPollAt = startedAt + DEFAULT_REFRESH_INTERVAL_MS;
        const page = await client.getOffers(credentials, areas);
        // The round trip counts, as in the search's own pace (docs/ENGINE.md "Pace").
        if (page.ok) pace.nextPollAt = startedAt + pollIntervalMs(page.value.refreshIntervalMs, 0, now() - startedAt);
        return page;
      }),
    acceptOffer: (credentials, offerId) => fence(() => client.acceptOffer(credentials, offerId)),
    scheduledAssignments: (credentials) => fence(() => client.scheduledAssignments(credentials)),
    forfeit: (credentials, start) => fence(() => client.forfeit(credentials, start)),
    // The process's clients are shared: closing is the gateway owner's business, not one driver's.
    close: () => Promise.resolve(),
  });
  return { client: (region) => wrap(gateway.client(region)), close: () => Promise.resolve() };
}
