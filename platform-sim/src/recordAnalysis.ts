/**
 * The two invariants benchmarks assert, checked over the record:
 * - no account is served to two clients at once (a client is the pair x-sim-client /
 *   x-flex-instance-id), with an optional quiet gap required for a handoff;
 * - no offer is won twice.
 */
import type { AcceptRecord, ConcurrentPolling, DoubleAccept, RecordViolations, RequestRecord, ViolationOptions } from './types.js';

function clientKey(r: RequestRecord): string {
  return `${r.clientId ?? ''}\u0000${r.instanceId ?? ''}`;
}

/**
 * Per account, walks requests in start order keeping each client's latest-ending request; a
 * request conflicts with another client's if it started before that one ended (ticks) or within
 * the handoff gap after it (clock ms). Clients per account are few, so this is about O(n log n).
 */
export function findConcurrentPolling(requests: readonly RequestRecord[], options: ViolationOptions = {}): ConcurrentPolling[] {
  const gap = options.handoffGapMs ?? 0;
  const byAccount = new Map<string, RequestRecord[]>();
  for (const r of requests) {
    if (r.kind !== 'work' || r.accountId === null) continue;
    const list = byAccount.get(r.accountId);
    if (list) list.push(r);
    else byAccount.set(r.accountId, [r]);
  }
  const found: ConcurrentPolling[] = [];
  for (const [accountId, list] of byAccount) {
    list.sort((a, b) => a.startTick - b.startTick);
    const latestByClient = new Map<string, RequestRecord>();
    for (const r of list) {
      const key = clientKey(r);
      for (const [otherKey, other] of latestByClient) {
        if (otherKey === key) continue;
        const overlaps = r.startTick < other.endTick;
        const tooSoon = gap > 0 && r.startedAt - other.endedAt < gap;
        if (overlaps || tooSoon) found.push({ accountId, first: other, second: r });
      }
      const previous = latestByClient.get(key);
      if (!previous || r.endTick > previous.endTick) latestByClient.set(key, r);
    }
  }
  return found;
}

export function findDoubleAccepts(accepts: readonly AcceptRecord[]): DoubleAccept[] {
  const winners = new Map<string, AcceptRecord[]>();
  for (const a of accepts) {
    if (!a.won) continue;
    const list = winners.get(a.offerId);
    if (list) list.push(a);
    else winners.set(a.offerId, [a]);
  }
  return [...winners].filter(([, list]) => list.length > 1).map(([offerId, list]) => ({ offerId, winners: list }));
}

export function findViolations(record: { requests: readonly RequestRecord[]; accepts: readonly AcceptRecord[] }, options: ViolationOptions = {}): RecordViolations {
  return {
    concurrentPolling: findConcurrentPolling(record.requests, options),
    doubleAccepts: findDoubleAccepts(record.accepts),
    examinedRequests: record.requests.length,
    examinedAccepts: record.accepts.length,
  };
}
