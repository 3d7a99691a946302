/**
 * One driver's search: a loop on ONE timer (no timer while idle, no busy waiting), each tick one
 * step: get ready once (account, session, filters, eligible areas, open attempts), read the
 * schedule when due (settling open attempts), then poll the offers of the filters' areas that the
 * account may work, and hand the new ones to the {@link OfferTriage}.
 *
 * Pacing works with the platform: the next poll is due the platform's refreshInterval after the
 * previous poll STARTED (never sooner); failures in a row add a growing, jittered backoff on top
 * (throttling, 5xx, timeouts) and the search keeps going. A puzzle (307), a device check (420) and
 * a refused account (401, deregistered) stop it: the driver is told and the database says why.
 * Aborting the signal stops it within one poll: the pending timer is cleared, and a step under way
 * accepts nothing more once it sees the abort.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REFRESH_INTERVAL_MS } from '../adapters/platform/offers.js';
import type { PlatformSession } from '../adapters/platform/session.js';
import type { PlatformFailure } from '../adapters/platform/types.js';
import { loadPlatformAccount, type PlatformAccount } from '../features/platform/accounts.js';
import { openPlatformSession } from '../features/platform/session.js';
import { backoffDelayMs } from './backoff.js';
import type { SearchDependencies } from './dependencies.js';
import type { CompiledFilters } from './matcher.js';
import { openAttempts, type AcceptAttempt } from './offerLog.js';
import { OfferTriage } from './offerTriage.js';
import { reconcileAttempts, type BookedBlock } from './reconcile.js';
import { loadCompiledFilters, recordStop } from './searchInputs.js';
import { SeenOffers } from './seenOffers.js';
import { stopReasonFor, type SearchChange, type SearchState } from './searchState.js';
import type { StopReason } from './types.js';

/** When to run the next step: at a time (performance.now() ms), never (idle until a change), or not at all (stopped). */
type Next = { at: number } | 'idle' | 'stopped';

const now = () => performance.now();

/** One driver's search loop (see the file's comment); `begin` starts it, aborting its signal ends it. */
export class UserSearch implements SearchState {
  /** Resolves when the loop has ended (stopped by itself, or aborted and idle). */
  readonly done: Promise<void>;
  private finish!: () => void;
  private readonly log: FastifyBaseLogger;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private busy = false;
  private ended = false;
  private failures = 0;
  private refreshIntervalMs = DEFAULT_REFRESH_INTERVAL_MS;
  private scheduleReadAt = 0;
  private filtersStale = false;
  private ready: { session: PlatformSession; account: PlatformAccount; compiled: CompiledFilters } | null = null;
  private eligible = new Set<string>();
  private areas: string[] = [];
  private triage: OfferTriage | null = null;
  private stoppedBy: StopReason | null = null;
  readonly schedule: BookedBlock[] = [];
  readonly open = new Map<string, AcceptAttempt>();
  readonly seen: SeenOffers;

  constructor(
    private readonly deps: SearchDependencies,
    readonly userId: string,
    readonly signal: AbortSignal,
  ) {
    this.log = deps.log.child({ userId });
    this.seen = new SeenOffers(deps.timings.seenGenerationMs);
    this.done = new Promise((resolve) => (this.finish = resolve));
    signal.addEventListener('abort', () => this.onAbort(), { once: true });
  }

  get session(): PlatformSession {
    return this.requireReady().session;
  }

  get account(): PlatformAccount {
    return this.requireReady().account;
  }

  get compiled(): CompiledFilters {
    return this.requireReady().compiled;
  }

  /** True once the search stopped by itself (puzzle, device check, refused account). */
  get stopped(): boolean {
    return this.stoppedBy !== null;
  }

  /** Starts the loop; the first step runs after `delayMs`. */
  begin(delayMs = 0): Promise<void> {
    if (this.signal.aborted) this.end();
    else this.scheduleAt(now() + delayMs);
    return this.done;
  }

  /** Takes a change into account at the next step (waking the loop if idle). */
  invalidate(change: SearchChange): void {
    if (change === 'filters') this.filtersStale = true;
    else this.scheduleReadAt = 0;
    if (!this.timer && !this.busy && !this.ended && !this.signal.aborted) this.scheduleAt(now());
  }

  noteFailure(): void {
    this.failures++;
  }

  recheckScheduleSoon(): void {
    this.scheduleReadAt = 0;
  }

  async stop(reason: StopReason): Promise<void> {
    if (this.stoppedBy) return;
    this.stoppedBy = reason;
    this.log.info({ reason }, 'search stopped by the platform');
    await recordStop(this.deps.db, this.userId, reason);
    this.deps.notifications.searchStopped(this.userId, reason);
  }

  private requireReady() {
    if (!this.ready) throw new Error('the search is not ready');
    return this.ready;
  }

  private scheduleAt(at: number): void {
    this.dueAt = at;
    this.timer = setTimeout(() => void this.tick(), Math.max(0, at - now()));
  }

  private onAbort(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.busy) this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.finish();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.signal.aborted) return this.end();
    const startedAt = now();
    // Node measures timers from the event loop's cached time, which can lag: a timer may fire a
    // little before its due time. Never poll sooner than due: wait out the rest.
    if (startedAt < this.dueAt) {
      this.timer = setTimeout(() => void this.tick(), Math.ceil(this.dueAt - startedAt));
      return;
    }
    this.deps.observePollLag?.(startedAt - this.dueAt);
    this.busy = true;
    let next: Next;
    try {
      next = await this.step(startedAt);
    } catch (error) {
      // A bug or the database away: logged, then retried like a platform fault.
      this.log.error({ err: error }, 'search step failed');
      this.failures++;
      next = this.nextPoll(startedAt);
    } finally {
      this.busy = false;
    }
    if (this.signal.aborted || this.stopped || next === 'stopped') return this.end();
    if (next !== 'idle') this.scheduleAt(next.at);
  }

  private async step(startedAt: number): Promise<Next> {
    if (!this.ready) {
      const failed = await this.getReady(startedAt);
      if (failed) return failed;
    }
    if (this.filtersStale) await this.loadFilters();
    if (startedAt >= this.scheduleReadAt) {
      const failed = await this.readSchedule(startedAt);
      if (failed) return failed;
    }
    if (this.areas.length === 0) return 'idle';
    // The pace counts from the moment the poll leaves, after any schedule read before it.
    const polledAt = now();
    const page = await this.session.getOffers(this.areas);
    if (this.signal.aborted) return 'stopped';
    if (!page.ok) return this.onFailure(page, polledAt);
    this.refreshIntervalMs = page.value.refreshIntervalMs;
    this.failures = 0;
    await this.triage!.handle(page.value.offers);
    return this.nextPoll(polledAt);
  }

  /** The next step: one refresh interval after `from` (the last call's start), plus the backoff of failures in a row. */
  private nextPoll(from: number): { at: number } {
    return { at: from + this.refreshIntervalMs + backoffDelayMs(this.failures, this.deps.timings.backoff, this.deps.random) };
  }

  private async onFailure(failure: PlatformFailure, startedAt: number): Promise<Next> {
    const reason = stopReasonFor(failure);
    if (reason) {
      await this.stop(reason);
      return 'stopped';
    }
    this.failures++;
    this.log.warn({ failure, failuresInARow: this.failures }, failure.kind === 'throttled' ? 'throttled by the platform: backing off' : 'platform call failed: backing off');
    return this.nextPoll(startedAt);
  }

  /** Account, session, filters, eligible areas and open attempts; a failure to retry or stop on, or null when ready. */
  private async getReady(startedAt: number): Promise<Next | null> {
    const account = await loadPlatformAccount(this.deps.db, this.deps.tokenCipher, this.userId);
    if (!account) {
      await this.stop('reconnect');
      return 'stopped';
    }
    const session = openPlatformSession(this.deps, account);
    const eligible = await session.eligibleServiceAreas();
    if (!eligible.ok) return this.onFailure(eligible, startedAt);
    this.eligible = new Set(eligible.value);
    const compiled = await loadCompiledFilters(this.deps.db, this.userId);
    this.ready = { session, account, compiled };
    this.updateAreas();
    for (const attempt of await openAttempts(this.deps.db, this.userId)) this.open.set(attempt.offer.offerId, attempt);
    this.triage = new OfferTriage(this, this.deps);
    this.scheduleReadAt = 0;
    return null;
  }

  private async loadFilters(): Promise<void> {
    this.filtersStale = false;
    this.requireReady().compiled = await loadCompiledFilters(this.deps.db, this.userId);
    this.updateAreas();
  }

  /** Polled areas: those the enabled filters name that the account may work in. */
  private updateAreas(): void {
    this.areas = this.compiled.serviceAreaIds.filter((id) => this.eligible.has(id));
  }

  /** Reads the schedule and eligible areas, settles open attempts; a failure to retry or stop on, or null. */
  private async readSchedule(startedAt: number): Promise<Next | null> {
    const booked = await this.session.scheduledAssignments();
    if (!booked.ok) return this.onFailure(booked, startedAt);
    const eligible = await this.session.eligibleServiceAreas();
    if (!eligible.ok) return this.onFailure(eligible, startedAt);
    this.eligible = new Set(eligible.value);
    this.updateAreas();
    this.schedule.length = 0;
    for (const block of booked.value) this.schedule.push({ startTime: block.startTime, endTime: block.endTime, serviceAreaId: block.serviceAreaId });
    const settled = await reconcileAttempts(this.deps.db, [...this.open.values()], this.schedule, {
      nowMs: this.deps.clock.now().getTime(),
      giveUpMs: this.deps.timings.attemptGiveUpMs,
      onFeeShort: (balance) => this.log.error({ balance }, 'fee not payable for a booked block; kept at cost 0'),
    });
    this.open.clear();
    for (const attempt of settled.open) this.open.set(attempt.offer.offerId, attempt);
    for (const { attempt, feeCents } of settled.accepted) this.triage!.notifyAccepted(attempt, feeCents);
    const { scheduleRefreshMs, openAttemptRecheckMs } = this.deps.timings;
    this.scheduleReadAt = now() + (this.open.size > 0 ? openAttemptRecheckMs : scheduleRefreshMs);
    return null;
  }
}
