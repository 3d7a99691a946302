/**
 * The record of what happened: every work-API and token-service request and every accept, in two
 * bounded ring buffers that share one sequence (so `since` reads both incrementally), plus
 * whole-run counters that never drop.
 *
 * Each request carries a start and end "tick" from one process-wide counter: in a single process
 * they order every start and end exactly, which is what proving "never polled by two clients at
 * once" needs (clock milliseconds tie too often).
 *
 * Besides the simulator's clock (which tests may freeze), each request also carries times on the
 * precise clock (real time with sub-millisecond precision unless a test injects one): arrival,
 * answer and end of sending. Benchmarks measure reaction times with those.
 */
import { RingBuffer } from './ringBuffer.js';
import type { AcceptRecord, RecordPage, RecordQuery, RecordTotals, RequestOutcome, RequestRecord, SimulatorClock } from './types.js';

/** What is known about a request when it arrives. */
export interface RequestStart {
  kind: RequestRecord['kind'];
  method: string;
  path: string;
  instanceId: string | null;
  clientId: string | null;
  /** Precise-clock time of arrival (see http.ts's markArrival), epoch ms with a fraction. */
  arrivedAtMs: number;
}

/** What is known when it ends. */
export interface RequestEnd {
  status: number;
  outcome: RequestOutcome;
  accountId: string | null;
  tokenId: number | null;
  latencyMs?: number;
  /** For offers polls: the pace judgement made on arrival (precise clock). */
  pollGapMs?: number | null;
  tooFastPoll?: boolean;
}

export class SimulationRecord {
  private readonly requests: RingBuffer<RequestRecord>;
  private readonly accepts: RingBuffer<AcceptRecord>;
  private seq = 0;
  private tick = 0;
  private readonly totals: RecordTotals = {
    requests: 0,
    byOutcome: {},
    acceptsWon: 0,
    acceptsLost: 0,
    doubleBookings: 0,
    tooFastPolls: 0,
    tooFastPollsByAccount: {},
  };

  constructor(
    capacity: number,
    private readonly clock: SimulatorClock,
    private readonly preciseClock: SimulatorClock,
  ) {
    this.requests = new RingBuffer(capacity);
    this.accepts = new RingBuffer(capacity);
  }

  /**
   * Marks a request's arrival; call the returned function once when it is answered. It returns the
   * entry it recorded (null on a second call), whose `sentAtMs` the caller fills once sent.
   */
  begin(start: RequestStart): (end: RequestEnd) => RequestRecord | null {
    const startedAt = this.clock.now();
    const startTick = ++this.tick;
    let done = false;
    return (end) => {
      if (done) return null;
      done = true;
      const entry: RequestRecord = {
        seq: this.seq++,
        ...start,
        accountId: end.accountId,
        tokenId: end.tokenId,
        startedAt,
        endedAt: this.clock.now(),
        startTick,
        endTick: ++this.tick,
        status: end.status,
        outcome: end.outcome,
        latencyMs: end.latencyMs ?? 0,
        answeredAtMs: this.preciseClock.now(),
        sentAtMs: null,
        pollGapMs: end.pollGapMs ?? null,
        tooFastPoll: end.tooFastPoll ?? false,
      };
      this.requests.push(entry);
      this.totals.requests++;
      this.totals.byOutcome[end.outcome] = (this.totals.byOutcome[end.outcome] ?? 0) + 1;
      if (entry.tooFastPoll && entry.accountId !== null) {
        this.totals.tooFastPolls++;
        this.totals.tooFastPollsByAccount[entry.accountId] = (this.totals.tooFastPollsByAccount[entry.accountId] ?? 0) + 1;
      }
      return entry;
    };
  }

  addAccept(accept: Omit<AcceptRecord, 'seq' | 'tick' | 'at'>): void {
    this.accepts.push({ seq: this.seq++, at: this.clock.now(), tick: ++this.tick, ...accept });
    if (accept.won) this.totals.acceptsWon++;
    else this.totals.acceptsLost++;
    if (accept.overlapsSchedule) this.totals.doubleBookings++;
  }

  /**
   * Entries with seq >= since. `limit` caps requests and accepts together, cutting on the shared
   * sequence, so reading again from `nextSeq` neither skips nor repeats anything.
   */
  read(query: RecordQuery = {}): RecordPage {
    const since = query.since ?? 0;
    const limit = query.limit ?? Infinity;
    const filter = query.accountId === undefined ? undefined : (e: { accountId: string | null }) => e.accountId === query.accountId;
    let requests = this.requests.since(since, limit, filter);
    let accepts = this.accepts.since(since, limit, filter);
    let nextSeq = this.seq;
    if (requests.length + accepts.length >= limit) {
      let r = 0;
      let a = 0;
      while (r + a < limit) {
        const takeRequest = a >= accepts.length || (r < requests.length && (requests[r] as RequestRecord).seq < (accepts[a] as AcceptRecord).seq);
        if (takeRequest) r++;
        else a++;
      }
      requests = requests.slice(0, r);
      accepts = accepts.slice(0, a);
      nextSeq = Math.max(requests[r - 1]?.seq ?? -1, accepts[a - 1]?.seq ?? -1) + 1;
    }
    return {
      requests,
      accepts,
      nextSeq,
      droppedRequests: this.requests.dropped,
      droppedAccepts: this.accepts.dropped,
      totals: { ...this.totals, byOutcome: { ...this.totals.byOutcome }, tooFastPollsByAccount: { ...this.totals.tooFastPollsByAccount } },
    };
  }

  /** Every entry held (for the invariant checks). */
  all(): { requests: RequestRecord[]; accepts: AcceptRecord[] } {
    return { requests: this.requests.since(0), accepts: this.accepts.since(0) };
  }

  get nextSeq(): number {
    return this.seq;
  }
}
