/**
 * The benchmarks' hands on the simulator, in a worker thread of the engine's process (see
 * ./simControl.ts): it injects offers at planned times through the control API and reads the
 * simulator's record incrementally, folding it into per-account state and per-window figures.
 * Running here keeps that work (HTTP calls, parsing large record pages, the bookkeeping) off the
 * engine's event loop and out of its heap, which the race and the soak measure.
 *
 * A window starts at a `mark` (the simulator's current sequence number, read with one tiny call).
 * The record is read up to the simulator's position at the moment of reading: when asked
 * (`read`), and, with `readEveryMs`, in the background, so that every read is small (the
 * simulator answers nothing else while it serialises a page: a large read is a stall) and the
 * simulator can keep a small ring (a large one makes its heap, and its GC pauses, large). What it
 * derives, per window:
 * - polls: offers polls (POST /GetOffersForProviderPost) and, per account, the gap between two
 *   consecutive poll ARRIVALS (the simulator's real-time stamps); a gap shorter than the
 *   refreshInterval is a poll faster than asked; the simulator's own `tooFastPoll` flag is
 *   counted too (it judges against the last poll answered with an interval);
 * - throttling: `rate_limited` answers, and those that arrived after the account's first
 *   back-off (its first answer that makes the engine back off: throttled, 5xx, reset);
 * - accepts, compact (offer, account, won, reason, arrival, first listing to that account);
 * - how long the simulator took to answer each offers poll (arrival to answer decided, and to
 *   body handed to the socket), and for each accept the answer stamp of the listing that first
 *   held its offer (`listedAnsweredAt`);
 * - records lost to the ring buffer (the sequence is contiguous, so a gap is a loss).
 * It can also send a heartbeat request to the simulator every few ms and time it: a stall of the
 * simulator's event loop shows as a slow round trip.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { AcceptRecord, InjectOfferInput, RecordPage, RequestRecord } from '@blockpilot/platform-sim';

/** An offer to inject at an epoch-ms time. */
export interface InjectPlan {
  at: number;
  input: InjectOfferInput;
  /** The caller's own label, returned with the result. */
  tag: string;
  /** A kind of offer whose accepts the summaries count (e.g. "hidden"). */
  category?: string;
}

export interface Injected {
  tag: string;
  offerId: string | null;
  /** Epoch ms just before the injection call left. */
  injectedAt: number;
  error?: string;
}

/** An accept as the record has it, with only what the benchmarks read. */
export interface CompactAccept {
  offerId: string;
  accountId: string;
  won: boolean;
  reason: string | null;
  arrivedAt: number;
  listedAt: number | null;
  /**
   * When the simulator decided the answer of that first listing (the record's `listedAnsweredAt`,
   * that poll's `answeredAtMs`); null exactly when `listedAt` is. Timed from it, a reaction also
   * counts the simulator serialising and writing the page: an upper bound.
   */
  listingAnsweredAt: number | null;
  overlapsSchedule: boolean;
}

/** Figures of one window of the record. */
export interface WindowSummary {
  /** Real-time stamps (epoch ms) of the first and last request in the window. */
  firstArrival: number | null;
  lastArrival: number | null;
  requests: number;
  byOutcome: Record<string, number>;
  polls: number;
  /** Consecutive poll arrivals of one account closer than the refreshInterval (computed here). */
  pollsFasterThanInterval: number;
  /** The simulator's own count (`tooFastPoll`), null when it does not report one. */
  simTooFastPolls: number | null;
  /** Shortest gap between two poll arrivals of one account, ms. */
  minPollGapMs: number | null;
  /** A few of the too-fast gaps: account, gap ms. */
  fastExamples: Array<{ accountId: string; gapMs: number }>;
  /** Requests the simulator's latency faults delayed. */
  delayedByFault: number;
  throttled: number;
  throttledAfterFirstBackoff: number;
  throttledAccounts: number;
  /** Accounts that got at least one answer making the engine back off, ever (not only in this window). */
  accountsBackedOff: number;
  /** Every accept of the window (empty in a light read). */
  accepts: CompactAccept[];
  /** Accepts of injected offers that had a category, by category (counted in every read). */
  acceptsByCategory: Record<string, { attempts: number; won: number }>;
  /** Injected offers by category, whole run. */
  injectedByCategory: Record<string, number>;
  /** Simulator's serving time of each ok offers poll: arrival to last byte handed to the socket, ms (empty in a light read). */
  pollServeMs: number[];
  /** The same, arrival to the answer decided (before serialising and sending), ms (empty in a light read). */
  pollAnswerMs: number[];
  /** Round trips of the control thread's heartbeat requests to the simulator during the window, ms (empty in a light read). */
  heartbeatMs: number[];
  /** Records dropped by the ring buffer before they were read. */
  lostRecords: number;
  /** Whole-run counters at the end of the window, as the simulator reports them. */
  totals: RecordPage['totals'] | null;
}

export type ControlRequest =
  { type: 'inject'; id: number; plans: InjectPlan[] } | { type: 'mark'; id: number } | { type: 'read'; id: number; light: boolean } | { type: 'close'; id: number };

export type ControlReply =
  | { type: 'injected'; id: number; results: Injected[] }
  | { type: 'marked'; id: number }
  | { type: 'summary'; id: number; summary: WindowSummary }
  | { type: 'closed'; id: number }
  | { type: 'error'; id: number; message: string };

const POLL_PATH = '/GetOffersForProviderPost';
/** Answers after which the engine backs off. */
const BACKOFF_OUTCOMES = new Set(['rate_limited', 'fault_throttle', 'fault_server_error', 'server_error', 'fault_reset']);
const PAGE = 20_000;

const { simUrl, refreshIntervalMs, heartbeatEveryMs, readEveryMs } = workerData as { simUrl: string; refreshIntervalMs: number; heartbeatEveryMs: number; readEveryMs: number };

interface AccountState {
  lastPollArrival: number | null;
  /** Real time the account's first back-off began (the answer that caused it), or null. */
  firstBackoffAt: number | null;
}

const accounts = new Map<string, AccountState>();
/** Injected offers that have a category. */
const categoryOf = new Map<string, string>();
const injectedByCategory: Record<string, number> = {};
let since = 0;

function newWindow(): WindowSummary {
  return {
    firstArrival: null,
    lastArrival: null,
    requests: 0,
    byOutcome: {},
    polls: 0,
    pollsFasterThanInterval: 0,
    simTooFastPolls: null,
    minPollGapMs: null,
    fastExamples: [],
    delayedByFault: 0,
    throttled: 0,
    throttledAfterFirstBackoff: 0,
    throttledAccounts: 0,
    accountsBackedOff: 0,
    accepts: [],
    acceptsByCategory: {},
    injectedByCategory: {},
    pollServeMs: [],
    pollAnswerMs: [],
    heartbeatMs: [],
    lostRecords: 0,
    totals: null,
  };
}

let window = newWindow();
let windowThrottled = new Set<string>();
/** The window counts records from this sequence number on. */
let windowStartSeq = 0;
let simTooFastAtStart: number | null = null;

function account(id: string): AccountState {
  let state = accounts.get(id);
  if (!state) {
    state = { lastPollArrival: null, firstBackoffAt: null };
    accounts.set(id, state);
  }
  return state;
}

/** Folds a request into the per-account state, and into the window's figures when `counted`. */
function foldRequest(r: RequestRecord, counted: boolean): void {
  if (r.kind !== 'work' || r.accountId === null) return;
  const arrived = r.arrivedAtMs;
  const state = account(r.accountId);
  if (counted) {
    window.requests++;
    window.byOutcome[r.outcome] = (window.byOutcome[r.outcome] ?? 0) + 1;
    if (r.latencyMs > 0) window.delayedByFault++;
    window.firstArrival = window.firstArrival === null ? arrived : Math.min(window.firstArrival, arrived);
    window.lastArrival = window.lastArrival === null ? arrived : Math.max(window.lastArrival, arrived);
  }
  if (r.path === POLL_PATH) {
    if (counted) {
      window.polls++;
      if (state.lastPollArrival !== null) {
        const gap = arrived - state.lastPollArrival;
        if (window.minPollGapMs === null || gap < window.minPollGapMs) window.minPollGapMs = gap;
        if (gap < refreshIntervalMs) {
          window.pollsFasterThanInterval++;
          if (window.fastExamples.length < 5) window.fastExamples.push({ accountId: r.accountId, gapMs: Math.round(gap * 100) / 100 });
        }
      }
      if (r.outcome === 'ok' && r.sentAtMs !== null) window.pollServeMs.push(r.sentAtMs - arrived);
      if (r.outcome === 'ok') window.pollAnswerMs.push(r.answeredAtMs - arrived);
    }
    if (state.lastPollArrival === null || arrived > state.lastPollArrival) state.lastPollArrival = arrived;
  }
  if (r.outcome === 'rate_limited' && counted) {
    window.throttled++;
    windowThrottled.add(r.accountId);
    if (state.firstBackoffAt !== null && arrived > state.firstBackoffAt) window.throttledAfterFirstBackoff++;
  }
  if (BACKOFF_OUTCOMES.has(r.outcome) && state.firstBackoffAt === null) state.firstBackoffAt = r.answeredAtMs;
}

function foldAccept(a: AcceptRecord, counted: boolean): void {
  if (!counted) return;
  const category = categoryOf.get(a.offerId);
  if (category !== undefined) {
    const counts = (window.acceptsByCategory[category] ??= { attempts: 0, won: 0 });
    counts.attempts++;
    if (a.won) counts.won++;
  }
  window.accepts.push({
    offerId: a.offerId,
    accountId: a.accountId,
    won: a.won,
    reason: a.reason,
    arrivedAt: a.arrivedAt,
    listedAt: a.listedAt,
    listingAnsweredAt: a.listedAnsweredAt,
    overlapsSchedule: a.overlapsSchedule,
  });
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${simUrl}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The simulator's next sequence number and whole-run counters, without reading any entry. */
async function position(): Promise<{ nextSeq: number; totals: RecordPage['totals'] }> {
  const page = await getJson<RecordPage>(`/__control/record?since=${Number.MAX_SAFE_INTEGER}&limit=1`);
  return { nextSeq: page.nextSeq, totals: page.totals };
}

/**
 * Reads what was recorded before `endSeq`: entries before the window's start only update the
 * per-account state, the rest count in the window. Entries from `endSeq` on are left for later,
 * so a read never counts what its own paging delayed (the simulator answers nothing else while it
 * serialises a page).
 */
async function readUpTo(endSeq: number): Promise<void> {
  while (since < endSeq) {
    const page = await getJson<RecordPage>(`/__control/record?since=${since}&limit=${Math.min(PAGE, endSeq - since)}`);
    const first = Math.min(page.requests[0]?.seq ?? Infinity, page.accepts[0]?.seq ?? Infinity);
    if (Number.isFinite(first) && first > since) window.lostRecords += Math.max(0, Math.min(first, endSeq) - Math.max(since, windowStartSeq));
    // Requests and accepts share one sequence: fold them in that order.
    let r = 0;
    let a = 0;
    while (r < page.requests.length || a < page.accepts.length) {
      const takeRequest = a >= page.accepts.length || (r < page.requests.length && page.requests[r]!.seq < page.accepts[a]!.seq);
      const seq = takeRequest ? page.requests[r]!.seq : page.accepts[a]!.seq;
      if (seq >= endSeq) break;
      if (takeRequest) foldRequest(page.requests[r++]!, seq >= windowStartSeq);
      else foldAccept(page.accepts[a++]!, seq >= windowStartSeq);
    }
    const advanced = Math.min(endSeq, page.nextSeq);
    if (advanced <= since) break;
    since = advanced;
  }
}

/**
 * The heartbeat: a tiny request to the simulator every `heartbeatEveryMs` (unauthenticated, so
 * answered 401 and recorded without an account), timed here. A pause of the simulator's event
 * loop (garbage collection, a long task) shows as a slow round trip.
 */
const heartbeatAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let heartbeatTimer: NodeJS.Timeout | null = null;
function heartbeat(): void {
  const sent = performance.now();
  const req = http.request(`${simUrl}/eligibleServiceAreas`, { agent: heartbeatAgent, headers: { 'x-sim-client': 'bench-heartbeat' } }, (res) => {
    res.resume();
    res.on('end', () => {
      window.heartbeatMs.push(performance.now() - sent);
      heartbeatTimer = setTimeout(heartbeat, heartbeatEveryMs);
    });
  });
  req.on('error', () => (heartbeatTimer = setTimeout(heartbeat, heartbeatEveryMs)));
  req.end();
}
if (heartbeatEveryMs > 0) heartbeatTimer = setTimeout(heartbeat, heartbeatEveryMs);

/** Reads never overlap: each waits for the one before (they share the cursor). */
let reading: Promise<void> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = reading.then(task);
  reading = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Reads what is new up to the simulator's current position. */
function catchUp(): Promise<RecordPage['totals']> {
  return serially(async () => {
    const at = await position();
    await readUpTo(at.nextSeq);
    return at.totals;
  });
}

/**
 * Reading in the background, every `readEveryMs`: each read is then small (the simulator
 * serves nothing else while it serialises a page, so a large read is a stall), and the record can
 * be a small ring, which keeps the simulator's heap (and its garbage-collection pauses) small.
 */
let readTimer: NodeJS.Timeout | null = null;
function readInBackground(): void {
  catchUp().then(
    () => (readTimer = setTimeout(readInBackground, readEveryMs)),
    () => (readTimer = setTimeout(readInBackground, readEveryMs)),
  );
}
if (readEveryMs > 0) readTimer = setTimeout(readInBackground, readEveryMs);

/** Starts a new window at the simulator's current position (entries before it only update the per-account state). */
async function mark(): Promise<void> {
  await serially(async () => {
    const at = await position();
    window = newWindow();
    windowThrottled = new Set();
    windowStartSeq = at.nextSeq;
    simTooFastAtStart = at.totals.tooFastPolls ?? null;
  });
}

/** The window so far: everything recorded up to now. */
async function summary(light: boolean): Promise<WindowSummary> {
  const totals = await catchUp();
  window.totals = totals;
  const out = light ? { ...window, accepts: [], pollServeMs: [], pollAnswerMs: [], heartbeatMs: [] } : { ...window };
  out.injectedByCategory = { ...injectedByCategory };
  out.throttledAccounts = windowThrottled.size;
  out.accountsBackedOff = [...accounts.values()].filter((st) => st.firstBackoffAt !== null).length;
  const tooFast = totals.tooFastPolls ?? null;
  out.simTooFastPolls = tooFast === null ? null : tooFast - (simTooFastAtStart ?? 0);
  return out;
}

async function inject(plans: InjectPlan[]): Promise<Injected[]> {
  const results: Injected[] = [];
  for (const plan of [...plans].sort((x, y) => x.at - y.at)) {
    const wait = plan.at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const injectedAt = Date.now();
    try {
      const res = await fetch(`${simUrl}/__control/offers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(plan.input) });
      const body = (await res.json()) as { offerId?: string; message?: string };
      if (res.ok && body.offerId) {
        results.push({ tag: plan.tag, offerId: body.offerId, injectedAt });
        if (plan.category !== undefined) {
          categoryOf.set(body.offerId, plan.category);
          injectedByCategory[plan.category] = (injectedByCategory[plan.category] ?? 0) + 1;
        }
      } else {
        results.push({ tag: plan.tag, offerId: null, injectedAt, error: `${res.status} ${body.message ?? ''}` });
      }
    } catch (error) {
      results.push({ tag: plan.tag, offerId: null, injectedAt, error: String(error) });
    }
  }
  return results;
}

const port = parentPort!;
port.on('message', (request: ControlRequest) => {
  const answer = async (): Promise<ControlReply> => {
    switch (request.type) {
      case 'inject':
        return { type: 'injected', id: request.id, results: await inject(request.plans) };
      case 'mark':
        await mark();
        return { type: 'marked', id: request.id };
      case 'read':
        return { type: 'summary', id: request.id, summary: await summary(request.light) };
      case 'close':
        if (heartbeatTimer) clearTimeout(heartbeatTimer);
        if (readTimer) clearTimeout(readTimer);
        heartbeatAgent.destroy();
        return { type: 'closed', id: request.id };
    }
  };
  answer().then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies ControlReply),
  );
});
