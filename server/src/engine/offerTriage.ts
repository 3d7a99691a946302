/**
 * What one poll's offers become (docs/ENGINE.md "The live path"). Offers already judged are
 * skipped (one Set lookup each); each new one is matched against the compiled filters; hidden
 * offers are never accepted. Then, with no database or network wait in between, the matches are
 * ranked best paid first and each one that does not overlap the schedule (booked blocks, blocks
 * chosen this poll, accepts still unanswered), that keeps the driver's work limits and leaves
 * time to travel (./workLimits.ts, docs/ENGINE.md "Schedule"), whose fee the credit held in
 * memory covers and for which the request budget has a token, is accepted at once: its fee
 * reserved in memory, its
 * AcceptOffer sent, and only then its intent row written, in parallel with the accept. Every
 * other new offer is logged as ignored with its reason, in one insert per poll, after the accepts
 * have left.
 *
 * Offers a decision of THIS poll set aside (overlapping a block chosen this poll, or breaking a
 * work limit or the travel check only with it, short of credit only because of this poll's
 * reservations, or over the request budget) are not logged: they are
 * judged again by the next poll while still listed, when the chosen accepts have their answers.
 *
 * Each accept's answer:
 * - accepted: the log entry and the fee in one transaction, the driver notified;
 * - 410: lost the race, ignored as 'taken'; never asked again;
 * - throttled: not done; forgotten so the next poll judges it again, and the search backs off;
 * - a puzzle, device check or refused account: not done; the search stops;
 * - anything else (5xx, timeout): unknown. The intent stays, counts as booked for overlaps and
 *   credit, is asked again while the offer is still listed (never after a 410), and the schedule
 *   settles it.
 *
 * When the database fails mid-poll, what was decided is kept (./pendingWrites.ts) and written
 * before the next poll's own writes, even if the offer is no longer listed by then.
 */
import type { NormalisedOffer, PlatformResult } from '../adapters/platform/types.js';
import type { SearchDependencies } from './dependencies.js';
import type { AcceptAttempt, IgnoredOffer, LoggedOffer, OfferFacts, RecordedAccept } from './offerLog.js';
import { PendingWrites } from './pendingWrites.js';
import { raceAnswerOf, type RaceRecord } from './raceLog.js';
import { rankMatches } from './ranking.js';
import type { BookedBlock } from './reconcile.js';
import { firstOverlap, overlapsSchedule } from './schedule.js';
import { stopReasonFor, type SearchState } from './searchState.js';
import type { LimitMiss } from './workLimits.js';

/** An accept on its way: the platform's answer and the intent's write, both pending. */
interface SentAccept {
  attempt: AcceptAttempt;
  isRetry: boolean;
  answer: Promise<PlatformResult<void>>;
  /** The intent row's write (a retry's is already stored). Never rejects: failures are logged. */
  intent: Promise<unknown>;
  /** A first send: when it left (performance.now()) and how long after the poll's answer; null for a retry. */
  sent: { at: number; afterMs: number } | null;
}

/** What the accepts of one poll decided about the offers that were not sent. */
interface Decisions {
  sent: SentAccept[];
  /** Judged again by the next poll: set aside only by this poll's own choices, or the budget. */
  deferred: NormalisedOffer[];
}

export class OfferTriage {
  private readonly pending: PendingWrites;

  constructor(
    private readonly search: SearchState,
    private readonly deps: SearchDependencies,
  ) {
    this.pending = new PendingWrites(deps.offerLog, search.userId, deps.log);
  }

  /** Judges the offers of one poll; resolves once every accept it sent has its answer written. */
  async handle(offers: readonly NormalisedOffer[]): Promise<void> {
    const receivedAt = performance.now();
    const discoveredAt = this.deps.clock.now();
    const nowMs = discoveredAt.getTime();
    const { compiled, seen, open } = this.search;
    const ignored: IgnoredOffer[] = [];
    const matches: NormalisedOffer[] = [];
    const retries: AcceptAttempt[] = [];
    for (const offer of offers) {
      const unanswered = open.get(offer.offerId);
      if (unanswered) {
        // A 410 is final: the block went to someone else, whatever the schedule says later.
        if (!unanswered.sawTaken) retries.push(unanswered);
      } else if (seen.checkAndAdd(offer.offerId)) continue;
      else if (offer.hidden) ignored.push({ offer, reason: 'hidden' });
      else {
        const filter = compiled.match(offer, nowMs);
        if (filter === null) ignored.push({ offer, reason: compiled.whyNot(offer, nowMs) ?? 'filter' });
        // Only notify filters match: logged as ignored with the others, after the accepts left,
        // and offered to the driver once written (docs/ENGINE.md "Ignore reasons").
        else if (filter.action === 'notify') ignored.push({ offer, reason: 'notify' });
        else matches.push(offer);
      }
    }
    const { sent, deferred } = matches.length || retries.length ? this.sendAccepts(matches, retries, discoveredAt, ignored, receivedAt) : { sent: [], deferred: [] };
    for (const offer of deferred) seen.forget(offer.offerId);
    // Everything below happens after the accepts left. Their timelines are written once they all
    // have their answers (docs/ENGINE.md "Race timelines").
    const races: RaceRecord[] = [];
    const answers = Promise.all(sent.map((accept) => this.settle(accept, races))).finally(() => this.writeRaces(races));
    try {
      // First what an earlier poll could not write, so the log keeps the order offers were seen in.
      if (this.pending.size > 0) await this.pending.flush();
      const logged = await this.deps.offerLog.logIgnored(this.search.userId, discoveredAt, ignored);
      if (logged.length > 0) this.offer(logged, ignored);
    } catch (error) {
      // The database failed mid-poll. What was decided is written later, listed or not; the next
      // poll judges these offers again rather than skip them as seen. Judging twice is safe: the
      // log's unique key, and recordAccept turning an ignored entry into the accept.
      this.pending.keepIgnored(discoveredAt, ignored);
      for (const { offer } of ignored) seen.forget(offer.offerId);
      await answers.catch(() => undefined);
      throw error;
    }
    const skipped = ignored.filter((entry) => entry.reason === 'credit').map((entry) => entry.offer);
    if (skipped.length > 0)
      await this.search.skippedForCredit(skipped).catch((error: unknown) => this.deps.log.error({ userId: this.search.userId, err: error }, 'credit pause not recorded'));
    await answers;
    // Once, after every entry of this poll is written (ignored, accepted, lost to a rival): they
    // share one discoveredAt, and a device that fetched some of them would not ask for that
    // moment again (docs/LIVE.md "The live stream").
    if (ignored.length > 0 || sent.length > 0) this.deps.live.publish(this.search.userId, { type: 'logs' });
  }

  /**
   * Offers the driver the blocks just logged as `notify`, each once: an entry written before (a
   * poll judging an offer again) is not among `logged` (docs/PRODUCT.md "Notify-only filters").
   */
  private offer(logged: readonly LoggedOffer[], ignored: readonly IgnoredOffer[]): void {
    const byOffer = new Map(ignored.map((entry) => [entry.offer.offerId, entry.offer]));
    for (const { id, offerId } of logged) {
      const offer = byOffer.get(offerId);
      if (offer) this.deps.notifications.blockOffered(this.search.userId, { logId: id, ...this.blockOf(offer) });
    }
  }

  /** A block as the notifications describe it. */
  private blockOf(offer: OfferFacts) {
    const area = this.search.account.serviceAreas?.find((a) => a.id === offer.serviceAreaId);
    return {
      startTime: offer.startTime,
      endTime: offer.endTime,
      serviceAreaId: offer.serviceAreaId,
      serviceAreaName: area?.name ?? null,
      priceAmount: offer.priceAmount,
      currency: offer.currency,
    };
  }

  /** Tells the driver about a block written as accepted. */
  notifyAccepted({ offer }: AcceptAttempt, feeCents: number): void {
    this.deps.notifications.blockAccepted(this.search.userId, { ...this.blockOf(offer), feeCents });
  }

  /**
   * The live path: decides and sends every accept of the poll without waiting on anything. Pure
   * CPU up to each AcceptOffer leaving; the intent row's write starts right after it.
   */
  private sendAccepts(matches: NormalisedOffer[], retries: AcceptAttempt[], discoveredAt: Date, ignored: IgnoredOffer[], receivedAt: number): Decisions {
    const { search } = this;
    const nowMs = discoveredAt.getTime();
    const budgetNow = performance.now();
    const sent: SentAccept[] = [];
    // When each new accept left, told to the health series once every accept is out (the race: docs/OPERATIONS.md "Engine health").
    const leftAt: number[] = [];
    const ranked = rankMatches(matches);
    if (search.signal.aborted || search.stopped) return { sent, deferred: ranked };
    for (const attempt of retries) {
      if (!search.budget.tryTake('accept', budgetNow)) break;
      sent.push({ attempt, isRetry: true, answer: search.session.acceptOffer(attempt.offer.offerId), intent: Promise.resolve(), sent: null });
    }
    const booked: BookedBlock[] = [...search.schedule];
    for (const attempt of search.open.values()) booked.push(attempt.offer);
    const chosen: NormalisedOffer[] = [];
    // The work limits and the travel check, when the driver has any: summed once per schedule change.
    const limits = search.limits.active ? search.limits : null;
    const tally = limits ? search.bookedTally() : null;
    const reservedBefore = search.funds.reserved;
    const deferred: NormalisedOffer[] = [];
    for (const offer of ranked) {
      const clash = firstOverlap(offer, booked);
      if (clash) {
        ignored.push({ offer, reason: 'overlap', overlaps: { startTime: clash.startTime, serviceAreaId: clash.serviceAreaId } });
        continue;
      }
      const miss = limits && limits.check(offer, tally!);
      if (miss) {
        ignored.push(limitIgnored(offer, miss));
        continue;
      }
      // Set aside only by a block chosen this poll: judged again once its accept is answered.
      if (overlapsSchedule(offer, chosen) || (limits && chosen.length > 0 && limits.check(offer, tally!, chosen))) {
        deferred.push(offer);
        continue;
      }
      const feeCents = search.funds.feeDue(offer.priceCents, nowMs);
      if (!search.funds.reserve(feeCents)) {
        // Short only because of this poll's own reservations: one of them may not book.
        if (feeCents <= search.funds.spendableCents + (search.funds.reserved - reservedBefore)) deferred.push(offer);
        else ignored.push({ offer, reason: 'credit' });
        continue;
      }
      if (!search.budget.tryTake('accept', budgetNow)) {
        search.funds.release(feeCents);
        deferred.push(offer);
        continue;
      }
      const attempt: AcceptAttempt = { userId: search.userId, offer, discoveredAt, feeCents, createdAt: discoveredAt };
      const answer = search.session.acceptOffer(offer.offerId);
      const left = performance.now();
      leftAt.push(left);
      // The accept is on the wire (or queued on a warm connection): now the intent, in parallel.
      const intent = this.deps.offerLog.writeIntent(attempt).catch((error: unknown) => {
        this.deps.log.error({ userId: search.userId, offerId: offer.offerId, err: error }, 'accept intent not written: the schedule read settles the accept');
      });
      search.open.set(offer.offerId, attempt);
      chosen.push(offer);
      sent.push({ attempt, isRetry: false, answer, intent, sent: { at: left, afterMs: left - receivedAt } });
    }
    if (chosen.length > 0) search.scheduleChanged();
    if (deferred.length > 0) this.deps.log.debug({ userId: search.userId, deferred: deferred.length }, 'matches left for the next poll');
    for (const at of leftAt) this.deps.health?.raceLatency(at - receivedAt);
    return { sent, deferred };
  }

  /** Waits for one accept's answer and writes down what it means. */
  private async settle({ attempt, isRetry, answer: pendingAnswer, intent, sent }: SentAccept, races: RaceRecord[]): Promise<void> {
    const { search, deps } = this;
    const { offerId } = attempt.offer;
    const answer = await pendingAnswer;
    if (sent) {
      const answeredAfterMs = performance.now() - sent.at;
      races.push({ offerId, listedAt: attempt.discoveredAt, sentAfterMs: sent.afterMs, answer: raceAnswerOf(answer), answeredAfterMs, answeredAt: deps.clock.now() });
    }
    // The intent is in (or failed) before anything that deletes it.
    await intent;
    if (answer.ok) {
      deps.health?.accepted();
      search.open.delete(offerId);
      search.noteBooked(attempt.offer);
      let recorded: RecordedAccept;
      try {
        recorded = await deps.offerLog.recordAccept(attempt, (balance) => deps.log.error({ userId: search.userId, balance }, 'fee not payable for a booked block; kept at cost 0'));
      } catch (error) {
        // Booked, but the write failed (the database went away): the intent is still stored (or
        // the schedule has the block), and kept open here so the next schedule read logs and
        // charges it, not only a restart. The fee stays reserved until then.
        search.open.set(offerId, attempt);
        search.recheckScheduleSoon();
        throw error;
      }
      search.funds.settle(attempt.feeCents, recorded.status === 'recorded' ? recorded.balanceCents : null);
      if (recorded.status === 'recorded') {
        // One line per booked block in the server's log: what an operator looks for first when a driver asks.
        deps.log.info({ userId: search.userId, offerId, feeCents: recorded.feeCents }, 'block accepted');
        this.notifyAccepted(attempt, recorded.feeCents);
        if (recorded.feeCents > 0) {
          deps.live.publish(search.userId, { type: 'account' });
          await search.feeCharged();
        }
      }
      return;
    }
    const stopReason = stopReasonFor(answer);
    if (!isRetry && (answer.kind === 'offerTaken' || answer.kind === 'throttled' || stopReason)) {
      // Refused before acting: nothing was booked, the fee is free again.
      search.open.delete(offerId);
      search.scheduleChanged();
      search.funds.release(attempt.feeCents);
      await this.pending.deleteAttempt(offerId);
      if (answer.kind === 'offerTaken') return this.keepIgnored(attempt, 'taken');
    }
    if (stopReason) return search.stop(stopReason);
    if (answer.kind === 'throttled') {
      // Not done: judged again by the next poll, after the backoff.
      if (!isRetry) search.seen.forget(offerId);
      search.noteFailure('throttled');
      return;
    }
    // 5xx, timeout, or a 410 to a retry: it may have been booked after all. The schedule decides.
    if (answer.kind === 'offerTaken') attempt.sawTaken = true;
    else search.noteFailure(answer.kind);
    deps.log.warn({ userId: search.userId, offerId, failure: answer }, 'accept unanswered: the schedule will settle it');
    search.open.set(offerId, attempt);
    search.recheckScheduleSoon();
  }

  /** Writes one poll's race timelines; a failure loses them, never the poll (they are forensics, not the record). */
  private async writeRaces(races: readonly RaceRecord[]): Promise<void> {
    try {
      await this.deps.offerLog.writeRaces(this.search.userId, races);
    } catch (error) {
      this.deps.log.warn({ userId: this.search.userId, err: error, races: races.length }, 'race timelines not written');
    }
  }

  /** Logs an accept the platform refused as ignored, now or with the next poll's writes. */
  private async keepIgnored(attempt: AcceptAttempt, reason: IgnoredOffer['reason']): Promise<void> {
    const entry: IgnoredOffer = { offer: attempt.offer, reason };
    try {
      await this.deps.offerLog.logIgnored(this.search.userId, attempt.discoveredAt, [entry]);
    } catch {
      this.pending.keepIgnored(attempt.discoveredAt, [entry]);
    }
  }
}

/** How an offer the work limits refused is logged: a travel miss names the block and the drive. */
function limitIgnored(offer: NormalisedOffer, miss: LimitMiss): IgnoredOffer {
  if (miss.reason !== 'travel') return { offer, reason: miss.reason };
  return { offer, reason: 'travel', overlaps: { startTime: miss.block.startTime, serviceAreaId: miss.block.serviceAreaId }, travelMinutes: miss.minutes };
}
