/**
 * What one poll's offers become. Offers already judged are skipped (one Set lookup each); each new
 * one is matched against the compiled filters. Matches are accepted best paid first, each only
 * when it does not overlap the schedule (booked blocks, blocks accepted this poll, accepts still
 * unanswered) and its fee can be paid; every other new offer is logged as ignored with its reason,
 * all in one insert per poll, after the accepts (they must not wait).
 *
 * An accept: the attempt is written, the platform asked, then by its answer
 * - accepted: the log entry and the fee in one transaction, the driver notified;
 * - 410: lost the race, ignored as 'taken';
 * - throttled: not done; forgotten so the next poll judges it again, and the search backs off;
 * - a puzzle, device check or refused account: not done; the search stops;
 * - anything else (5xx, timeout): unknown. The attempt stays open, counts as booked for overlaps
 *   and credit, is retried while the offer is still listed, and the schedule settles it.
 *
 * When the database fails mid-poll, what was decided is kept (./pendingWrites.ts) and written
 * before the next poll's own writes, even if the offer is no longer listed by then.
 */
import type { NormalisedOffer } from '../adapters/platform/types.js';
import type { SearchDependencies } from './dependencies.js';
import { feeDue, loadFeeState } from './fees.js';
import { logIgnored, recordAccept, reserveAccept, type AcceptAttempt, type IgnoredOffer, type RecordedAccept } from './offerLog.js';
import { PendingWrites } from './pendingWrites.js';
import { rankMatches } from './ranking.js';
import { overlapsSchedule } from './schedule.js';
import type { BlockSpan } from './types.js';
import { stopReasonFor, type SearchState } from './searchState.js';

/** How one accept ended, as the rest of the poll needs to know it. */
type AcceptOutcome = 'booked' | 'taken' | 'open' | 'notDone' | 'stopped';

export class OfferTriage {
  private readonly pending: PendingWrites;

  constructor(
    private readonly search: SearchState,
    private readonly deps: SearchDependencies,
  ) {
    this.pending = new PendingWrites(deps.db, search.userId, deps.log);
  }

  /** Judges the offers of one poll. */
  async handle(offers: readonly NormalisedOffer[]): Promise<void> {
    const discoveredAt = this.deps.clock.now();
    const nowMs = discoveredAt.getTime();
    const { compiled, seen, open } = this.search;
    const ignored: IgnoredOffer[] = [];
    const matches: NormalisedOffer[] = [];
    const retries: AcceptAttempt[] = [];
    for (const offer of offers) {
      const unanswered = open.get(offer.offerId);
      if (unanswered) retries.push(unanswered);
      else if (seen.checkAndAdd(offer.offerId)) continue;
      else if (compiled.match(offer, nowMs)) matches.push(offer);
      else ignored.push({ offer, reason: 'filter' });
    }
    try {
      // First what an earlier poll could not write: an offer logged ignored is not accepted later.
      if (this.pending.size > 0) await this.pending.flush();
      if (retries.length || matches.length) await this.acceptBest(matches, retries, discoveredAt, ignored);
      await logIgnored(this.deps.db, this.search.userId, discoveredAt, ignored);
    } catch (error) {
      // The database failed mid-poll. What was decided is written later, listed or not; the next
      // poll judges these offers again rather than skip them as seen. Judging twice is safe: the
      // log's unique key and reserveAccept's checks.
      this.pending.keepIgnored(discoveredAt, ignored);
      for (const offer of offers) seen.forget(offer.offerId);
      throw error;
    }
  }

  /** Tells the driver about a block written as accepted. */
  notifyAccepted({ offer }: AcceptAttempt, feeCents: number): void {
    const area = this.search.account.serviceAreas?.find((a) => a.id === offer.serviceAreaId);
    this.deps.notifications.blockAccepted(this.search.userId, {
      startTime: offer.startTime,
      endTime: offer.endTime,
      serviceAreaId: offer.serviceAreaId,
      serviceAreaName: area?.name ?? null,
      priceAmount: offer.priceAmount,
      currency: offer.currency,
      feeCents,
    });
  }

  private async acceptBest(matches: NormalisedOffer[], retries: AcceptAttempt[], discoveredAt: Date, ignored: IgnoredOffer[]): Promise<void> {
    const { search } = this;
    for (const attempt of retries) {
      if (search.signal.aborted || search.stopped) return;
      const outcome = await this.ask(attempt, true);
      if (outcome === 'notDone' || outcome === 'stopped') return this.forgetAll(matches);
    }
    const nowMs = discoveredAt.getTime();
    const fees = await loadFeeState(this.deps.db, search.userId);
    let spendable = fees.creditCents;
    const taken: BlockSpan[] = [...search.schedule];
    for (const attempt of search.open.values()) {
      spendable -= attempt.feeCents;
      taken.push(attempt.offer);
    }
    const ranked = rankMatches(matches);
    for (let i = 0; i < ranked.length; i++) {
      const offer = ranked[i]!;
      // Stopped mid-poll: what is left is neither accepted nor logged (seen again on a restart).
      if (search.signal.aborted || search.stopped) return;
      if (overlapsSchedule(offer, taken)) {
        ignored.push({ offer, reason: 'overlap' });
        continue;
      }
      const feeCents = feeDue(offer.priceCents, fees, nowMs);
      if (feeCents > spendable) {
        ignored.push({ offer, reason: 'credit' });
        continue;
      }
      const attempt: AcceptAttempt = { userId: search.userId, offer, discoveredAt, feeCents, createdAt: discoveredAt };
      // Already logged, or another searcher of this driver holds it: not ours to judge.
      if (!(await reserveAccept(this.deps.db, attempt))) continue;
      const outcome = await this.ask(attempt, false);
      if (outcome === 'booked' || outcome === 'open') {
        taken.push(offer);
        spendable -= feeCents;
      } else if (outcome === 'taken') {
        ignored.push({ offer, reason: 'taken' });
      } else {
        return this.forgetAll(ranked.slice(outcome === 'notDone' ? i : i + 1));
      }
    }
  }

  /** Asks the platform to accept, and writes down what its answer means. */
  private async ask(attempt: AcceptAttempt, isRetry: boolean): Promise<AcceptOutcome> {
    const { search, deps } = this;
    const { offerId } = attempt.offer;
    const answer = await search.session.acceptOffer(offerId);
    if (answer.ok) {
      search.open.delete(offerId);
      search.schedule.push(attempt.offer);
      let recorded: RecordedAccept;
      try {
        recorded = await recordAccept(deps.db, attempt, (balance) => deps.log.error({ userId: search.userId, balance }, 'fee not payable for a booked block; kept at cost 0'));
      } catch (error) {
        // Booked, but the write failed (the database went away): the attempt is still stored, and
        // kept open here so the next schedule read logs and charges it, not only a restart.
        search.open.set(offerId, attempt);
        search.recheckScheduleSoon();
        throw error;
      }
      if (recorded.status === 'recorded') this.notifyAccepted(attempt, recorded.feeCents);
      return 'booked';
    }
    if (answer.kind === 'offerTaken' && !isRetry) {
      await this.pending.deleteAttempt(offerId);
      return 'taken';
    }
    const stopReason = stopReasonFor(answer);
    if (answer.kind === 'throttled' || stopReason) {
      // Refused before acting: nothing was booked. A retry's attempt stays for the schedule to settle.
      if (!isRetry) await this.pending.deleteAttempt(offerId);
      if (stopReason) {
        await search.stop(stopReason);
        return 'stopped';
      }
      search.noteFailure();
      return 'notDone';
    }
    // 5xx, timeout, or a 410 to a retry: it may have been booked after all. The schedule decides.
    if (answer.kind === 'offerTaken') attempt.sawTaken = true;
    else search.noteFailure();
    deps.log.warn({ userId: search.userId, offerId, failure: answer }, 'accept unanswered: the schedule will settle it');
    search.open.set(offerId, attempt);
    search.recheckScheduleSoon();
    return 'open';
  }

  /** Offers not judged after all (the accepts stopped): the next poll judges them again. */
  private forgetAll(offers: readonly NormalisedOffer[]): void {
    for (const offer of offers) this.search.seen.forget(offer.offerId);
  }
}
