/**
 * One driver's search: a loop on ONE timer (no timer while idle, no busy waiting), each tick one
 * step: get ready once (account, session, filters, eligible areas, open intents, fee state),
 * reload what a change made stale, read the schedule when due (settling open intents), then poll
 * the offers of the filters' areas that the account may work, and hand the new ones to the
 * {@link OfferTriage}.
 *
 * Pacing works with the platform (docs/ENGINE.md "Pace"): the next poll is due the platform's
 * refreshInterval (or the operator's longer minimum) plus the poll's round trip (up to a quarter
 * of it) after the previous poll left, never sooner; every work call draws on the account's
 * request budget, and a poll waits for its token;
 * failures in a row add a growing, jittered backoff on top (throttling, 5xx, timeouts) and the
 * search keeps going, saying in the log why it waits. A puzzle (307), a device check (420) and a
 * refused account (401, deregistered) stop it: the driver is told and the database says why.
 * Aborting the signal stops it within one poll: the pending timer is cleared, and a step under way
 * accepts nothing more once it sees the abort.
 *
 * The schedule is read at least every `scheduleRefreshMs` (30 s) and at once after a block was
 * booked; blocks booked by the engine but not yet listed by the schedule still count as booked.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REFRESH_INTERVAL_MS } from '../adapters/platform/offers.js';
import type { PlatformSession } from '../adapters/platform/session.js';
import type { PlatformFailure } from '../adapters/platform/types.js';
import type { PlatformAccount } from '../domain/platformAccounts.js';
import { openSession } from '../domain/platformSession.js';
import type { AccountHealthRecorder } from './accountHealth.js';
import { backoffDelayMs } from './backoff.js';
import type { SearchDependencies } from './dependencies.js';
import { creditStanding } from './creditGuard.js';
import { DriverFunds } from './fees.js';
import type { CompiledFilters } from './matcher.js';
import type { AcceptAttempt, OfferFacts } from './offerLog.js';
import { OfferTriage } from './offerTriage.js';
import { pollIntervalMs } from './pace.js';
import { reconcileAttempts, type BookedBlock } from './reconcile.js';
import type { BudgetUse, RequestBudget } from './requestBudget.js';
import { mergeSchedule, type RecentBooking } from './schedule.js';
import { loadCompiledFilters, loadCompiledLimits } from './searchInputs.js';
import { SeenOffers } from './seenOffers.js';
import { stopReasonFor, type SearchChange, type SearchState } from './searchState.js';
import type { StopReason } from './types.js';
import type { BookedTally, CompiledLimits } from './workLimits.js';

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
  /** What the last failure in a row was, for the log line that says why the search waits. */
  private lastFailure = '';
  private refreshIntervalMs = DEFAULT_REFRESH_INTERVAL_MS;
  /** How long the last offers poll took to be answered, ms. */
  private lastRoundTripMs = 0;
  private scheduleReadAt = 0;
  /** The next schedule read spends like a poll, not from spare budget. */
  private scheduleUrgent = true;
  private eligibleReadAt = 0;
  private filtersStale = false;
  private ready: { session: PlatformSession; account: PlatformAccount; compiled: CompiledFilters; limits: CompiledLimits; funds: DriverFunds; budget: RequestBudget } | null = null;
  /** The schedule and open accepts summed for the limits; null once either changed. */
  private tally: BookedTally | null = null;
  /** Blocks the platform booked for the engine lately: booked even before the schedule lists them. */
  private readonly recentBookings: RecentBooking[] = [];
  private eligible = new Set<string>();
  private areas: string[] = [];
  private triage: OfferTriage | null = null;
  private stoppedBy: StopReason | null = null;
  /** The credit when the credit guard paused the search; null while not paused (docs/LIVE.md "Credit guard"). */
  private pausedAtCreditCents: number | null = null;
  readonly schedule: BookedBlock[] = [];
  readonly open = new Map<string, AcceptAttempt>();
  readonly seen: SeenOffers;
  /** Counts for the operators' engine health and this driver's account health (docs/LIVE.md "Account health"). */
  private readonly health: AccountHealthRecorder | undefined;

  constructor(
    private readonly deps: SearchDependencies,
    readonly userId: string,
    readonly signal: AbortSignal,
  ) {
    this.log = deps.log.child({ userId });
    this.seen = new SeenOffers(deps.timings.seenGenerationMs);
    this.health = deps.health?.forAccount(userId);
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

  get limits(): CompiledLimits {
    return this.requireReady().limits;
  }

  bookedTally(): BookedTally {
    if (this.tally === null) {
      const blocks = [...this.schedule];
      for (const attempt of this.open.values()) blocks.push(attempt.offer);
      this.tally = this.limits.tally(blocks);
    }
    return this.tally;
  }

  scheduleChanged(): void {
    this.tally = null;
  }

  get funds(): DriverFunds {
    return this.requireReady().funds;
  }

  get budget(): RequestBudget {
    return this.requireReady().budget;
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
    else if (change === 'account') this.ready?.funds.markStale();
    else this.scheduleReadAt = 0;
    if (!this.timer && !this.busy && !this.ended && !this.signal.aborted) this.scheduleAt(now());
  }

  noteFailure(kind: string): void {
    this.failures++;
    this.lastFailure = kind;
    if (kind === 'throttled') this.health?.throttled();
    else this.health?.failed(kind);
  }

  noteBooked(block: BookedBlock): void {
    this.schedule.push(block);
    this.tally = null;
    this.recentBookings.push({ block, bookedAtMs: this.deps.clock.now().getTime() });
    this.scheduleReadAt = 0;
    this.scheduleUrgent = true;
  }

  recheckScheduleSoon(): void {
    this.scheduleReadAt = 0;
  }

  async stop(reason: StopReason): Promise<void> {
    if (this.stoppedBy) return;
    this.stoppedBy = reason;
    if (reason === 'puzzle') this.health?.puzzle();
    else this.health?.failed(`stopped: ${reason}`);
    this.health?.stopped(reason);
    this.log.info({ reason }, 'search stopped by the platform');
    await this.deps.drivers.recordStop(this.userId, reason);
    this.deps.live.publish(this.userId, { type: 'search' });
    // A puzzle or a refused connection changes the account too (puzzleRequired, flexConnected):
    // open dashboards reload it, so the puzzle notice shows at once, and again after a Resume the
    // platform answered with another puzzle (docs/LIVE.md "Puzzle pause").
    if (reason !== 'signing') this.deps.live.publish(this.userId, { type: 'account' });
    this.deps.notifications.searchStopped(this.userId, reason);
  }

  async skippedForCredit(offers: readonly OfferFacts[]): Promise<void> {
    if (this.pausedAtCreditCents === null) {
      this.pausedAtCreditCents = this.funds.state.creditCents;
      this.log.info({ creditCents: this.pausedAtCreditCents }, 'paused: the credit does not cover a matching offer');
    }
    await this.deps.drivers.pauseForCredit(this.userId, offers);
    this.deps.live.publish(this.userId, { type: 'search' });
    await this.checkLowCredit();
  }

  async feeCharged(): Promise<void> {
    this.deps.creditWatch.fell(this.userId);
    await this.checkLowCredit();
  }

  /** Tells the driver, once per crossing, that the credit covers few fees (docs/LIVE.md "Credit guard"). */
  private async checkLowCredit(): Promise<void> {
    const { drivers, clock } = this.deps;
    const state = this.funds.state;
    const { reference, covered, low } = await creditStanding(drivers, this.userId, state, clock.now().getTime());
    if (!low) return;
    if (await drivers.claimLowCreditNotice(this.userId, clock.now()))
      this.deps.notifications.creditLow(this.userId, {
        creditCents: state.creditCents,
        feesCovered: covered ?? 0,
        referenceFeeCents: reference.cents,
        paidBefore: reference.paidBefore,
      });
  }

  /**
   * After the fee state was reloaded: a credit pause ends by itself once the credit grew (a
   * top-up, a refund) or a fee-free period began; `announced` (a change was announced, not the
   * periodic reload) also re-arms the low-credit notice when the credit is no longer low.
   */
  private async afterFundsReload(announced: boolean): Promise<void> {
    const { drivers, clock } = this.deps;
    const { state } = this.funds;
    const nowMs = clock.now().getTime();
    if (this.pausedAtCreditCents !== null && (state.creditCents > this.pausedAtCreditCents || nowMs < state.freeUntilMs)) {
      this.pausedAtCreditCents = null;
      this.log.info({ creditCents: state.creditCents }, 'resumed: the credit grew');
      await drivers.endCreditPause(this.userId);
      this.deps.live.publish(this.userId, { type: 'search' });
    }
    if (announced && !(await creditStanding(drivers, this.userId, state, nowMs)).low) await drivers.rearmLowCreditNotice(this.userId);
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
      this.noteFailure('step failed');
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
    const { funds } = this.requireReady();
    if (funds.needsReload) {
      await funds.reload(() => this.deps.drivers.feeState(this.userId));
      await this.afterFundsReload(true);
    }
    // The first read after getting ready (it settles what a dead process left) and the read after
    // a booking are as urgent as a poll; the periodic ones wait for spare budget.
    if (startedAt >= this.scheduleReadAt && this.spend(this.scheduleUrgent ? 'poll' : 'schedule')) {
      this.scheduleUrgent = false;
      const failed = await this.readSchedule(startedAt);
      if (failed) return failed;
    }
    if (this.areas.length === 0) return 'idle';
    const waitMs = this.budget.takeOrWait('poll', now());
    if (waitMs > 0) {
      this.log.debug({ waitMs }, 'waiting for the request budget before polling');
      return { at: now() + waitMs };
    }
    const polledAt = now();
    const page = await this.session.getOffers(this.areas);
    // The pace counts from when the poll was sent, which a token refresh and its retry can put
    // well after polledAt; its round trip from then goes into the pace, as the poll arrived
    // somewhere within it (docs/ENGINE.md "Pace").
    const leftAt = page.ok ? (page.value.sentAt ?? polledAt) : polledAt;
    this.lastRoundTripMs = now() - leftAt;
    this.health?.polled(page.ok ? page.value.refreshIntervalMs : null);
    if (this.signal.aborted) return 'stopped';
    if (!page.ok) return this.onFailure(page, polledAt);
    this.notePace(page.value.refreshIntervalMs);
    this.failures = 0;
    this.health?.offersSeen(page.value.offers.length);
    // A change saved while the poll was out judges its offers already (docs/ENGINE.md, step 5).
    if (this.filtersStale) await this.loadFilters();
    await this.triage!.handle(page.value.offers);
    return this.nextPoll(leftAt);
  }

  /** Takes a token from the account's budget for `use` now; false when there is none. */
  private spend(use: BudgetUse): boolean {
    return this.budget.tryTake(use, now());
  }

  /** Keeps the platform's latest refreshInterval; the log says when an operator's minimum was raised to it. */
  private notePace(platformIntervalMs: number): void {
    if (platformIntervalMs === this.refreshIntervalMs) return;
    this.refreshIntervalMs = platformIntervalMs;
    const { minPollIntervalMs } = this.deps.pace;
    if (minPollIntervalMs > 0 && minPollIntervalMs < platformIntervalMs) {
      this.log.info({ minPollIntervalMs, refreshIntervalMs: platformIntervalMs }, "the minimum poll interval is shorter than the platform asks: the platform's pace is kept");
    }
  }

  /** The next step: one poll interval after `from` (the last poll's departure), plus the backoff of failures in a row. */
  private nextPoll(from: number): { at: number } {
    const backoffMs = backoffDelayMs(this.failures, this.deps.timings.backoff, this.deps.random);
    if (backoffMs > 0) {
      this.health?.backedOff();
      this.log.info({ waitMs: backoffMs, failuresInARow: this.failures, cause: this.lastFailure }, 'backing off before the next poll');
    }
    return { at: from + pollIntervalMs(this.refreshIntervalMs, this.deps.pace.minPollIntervalMs, this.lastRoundTripMs) + backoffMs };
  }

  private async onFailure(failure: PlatformFailure, startedAt: number): Promise<Next> {
    const reason = stopReasonFor(failure);
    if (reason) {
      await this.stop(reason);
      return 'stopped';
    }
    this.noteFailure(failure.kind);
    this.log.warn({ failure, failuresInARow: this.failures }, failure.kind === 'throttled' ? 'throttled by the platform: backing off' : 'platform call failed: backing off');
    return this.nextPoll(startedAt);
  }

  /** Account, session, filters, eligible areas and open attempts; a failure to retry or stop on, or null when ready. */
  private async getReady(startedAt: number): Promise<Next | null> {
    const account = await this.deps.accounts.load(this.userId);
    if (!account) {
      await this.stop('reconnect');
      return 'stopped';
    }
    const budget = this.deps.budgets.of(account.platformUserId, now());
    const waitMs = budget.takeOrWait('poll', now());
    if (waitMs > 0) return { at: now() + waitMs };
    const session = openSession(this.deps, account, (tokens) => this.deps.accounts.saveAccessToken(account.userId, tokens));
    const eligible = await session.eligibleServiceAreas();
    if (!eligible.ok) return this.onFailure(eligible, startedAt);
    this.noteEligible(eligible.value);
    const [compiled, limits, feeState, attempts, pausedFor] = await Promise.all([
      loadCompiledFilters(this.deps.drivers, this.userId),
      loadCompiledLimits(this.deps.drivers, this.userId),
      this.deps.drivers.feeState(this.userId),
      this.deps.offerLog.openAttempts(this.userId),
      this.deps.drivers.creditPaused(this.userId),
    ]);
    // A pause recorded by an earlier process goes on until the credit grows past what it is now.
    if (pausedFor) this.pausedAtCreditCents = feeState.creditCents;
    const funds = new DriverFunds(feeState);
    for (const attempt of attempts) {
      this.open.set(attempt.offer.offerId, attempt);
      funds.holdOpen(attempt.feeCents);
    }
    this.ready = { session, account, compiled, limits, funds, budget };
    this.tally = null;
    this.updateAreas();
    this.triage = new OfferTriage(this, this.deps);
    this.scheduleReadAt = 0;
    this.scheduleUrgent = true;
    return null;
  }

  /** Keeps the areas the account may work, and stores them for the driver's filter (docs/LIVE.md "Eligible stations"). */
  private noteEligible(areaIds: string[]): void {
    this.eligible = new Set(areaIds);
    this.eligibleReadAt = now() + this.deps.timings.eligibleAreasRefreshMs;
    this.deps.background.run('store the eligible areas', async () => {
      await this.deps.accounts.saveEligibleAreas(this.userId, areaIds, this.deps.clock.now());
      this.deps.live.publish(this.userId, { type: 'search' });
    });
  }

  private async loadFilters(): Promise<void> {
    this.filtersStale = false;
    const ready = this.requireReady();
    [ready.compiled, ready.limits] = await Promise.all([loadCompiledFilters(this.deps.drivers, this.userId), loadCompiledLimits(this.deps.drivers, this.userId)]);
    this.tally = null;
    this.updateAreas();
  }

  /** Polled areas: those the enabled filters name that the account may work in. */
  private updateAreas(): void {
    this.areas = this.compiled.serviceAreaIds.filter((id) => this.eligible.has(id));
  }

  /**
   * Reads the schedule (and, less often, the eligible areas), settles open intents and reloads the
   * fee state; a failure to retry or stop on, or null.
   */
  private async readSchedule(startedAt: number): Promise<Next | null> {
    const booked = await this.session.scheduledAssignments();
    if (!booked.ok) return this.onFailure(booked, startedAt);
    if (now() >= this.eligibleReadAt && this.spend('schedule')) {
      const eligible = await this.session.eligibleServiceAreas();
      if (!eligible.ok) return this.onFailure(eligible, startedAt);
      this.noteEligible(eligible.value);
      this.updateAreas();
    }
    const readAt = this.deps.clock.now();
    const nowMs = readAt.getTime();
    // Schedule views on the driver's devices are answered from this read (features/platform/schedule.ts).
    this.deps.background.run('store the schedule read', () => this.deps.accounts.saveSchedule(this.userId, booked.value, readAt));
    const read = booked.value.map((block) => ({
      startTime: block.startTime,
      endTime: block.endTime,
      serviceAreaId: block.serviceAreaId,
      priceCents: Math.round(block.price * 100),
    }));
    const merged = mergeSchedule(read, this.recentBookings, nowMs, this.deps.timings.bookedUntilListedMs);
    this.schedule.length = 0;
    this.schedule.push(...merged);
    const openBefore = [...this.open.values()];
    const settled = await reconcileAttempts(this.deps.offerLog, openBefore, this.schedule, {
      nowMs: this.deps.clock.now().getTime(),
      giveUpMs: this.deps.timings.attemptGiveUpMs,
      onFeeShort: (balance) => this.log.error({ balance }, 'fee not payable for a booked block; kept at cost 0'),
    });
    this.open.clear();
    for (const attempt of settled.open) this.open.set(attempt.offer.offerId, attempt);
    this.tally = null;
    const { funds } = this.requireReady();
    for (const attempt of openBefore) if (!this.open.has(attempt.offer.offerId)) funds.release(attempt.feeCents);
    // Charges just written, and anything a lost message did not announce.
    await funds.reload(() => this.deps.drivers.feeState(this.userId));
    await this.afterFundsReload(false);
    for (const { attempt, feeCents } of settled.accepted) this.triage!.notifyAccepted(attempt, feeCents);
    if (openBefore.length !== settled.open.length) this.deps.live.publish(this.userId, { type: 'logs' });
    if (settled.accepted.some(({ feeCents }) => feeCents > 0)) this.deps.live.publish(this.userId, { type: 'account' });
    const { scheduleRefreshMs, openAttemptRecheckMs } = this.deps.timings;
    this.scheduleReadAt = now() + (this.open.size > 0 ? openAttemptRecheckMs : scheduleRefreshMs);
    return null;
  }
}
