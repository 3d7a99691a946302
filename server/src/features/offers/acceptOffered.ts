/**
 * One-tap accepts of offered blocks (docs/PRODUCT.md "Notify-only filters"): a block only notify
 * filters matched is logged as ignored with the reason `notify` and offered to the driver, who may
 * accept it while it is offered, from the notification (a signed token, no session) or from the
 * log (signed in). Built like forfeitBlock (../logs/forfeit.ts): the entry must be the driver's
 * `notify` entry and the block not started; then the engine's own checks (no overlap with what is
 * booked, the work limits, the fee within the credit), the driver's share of the request limit,
 * and the platform's accept. Booked, the entry becomes the accept and its fee is charged in one
 * transaction by the engine's recordAccept, once: the intent row claims the offer first, so two
 * taps at once ask the platform once, and a later tap answers "already accepted" and charges
 * nothing. Taken by a rival, the entry's reason becomes `taken` and the answer says so.
 */
import type { AppContext } from '../../context.js';
import { acceptTokenParts, checkAcceptToken } from '../../domain/acceptToken.js';
import { conflict, notFound, refusal } from '../../domain/errors.js';
import type { PlatformAccount } from '../../domain/platformAccounts.js';
import { cachedSchedule, forgetSchedule } from '../../domain/scheduleCache.js';
import { feeDue } from '../../engine/fees.js';
import type { AcceptAttempt, OfferFacts } from '../../engine/offerLog.js';
import type { BookedBlock } from '../../engine/reconcile.js';
import { firstOverlap } from '../../engine/schedule.js';
import { loadCompiledLimits } from '../../engine/searchInputs.js';
import { kyselyDriverStore } from '../../stores/drivers.js';
import { deleteAttempt, recordAccept, writeIntent } from '../../stores/offerLog.js';
import { signedInUserRow, type UserRow } from '../auth/tokens.js';
import { accountSession, failureAnswer, requireDriverAction } from '../platform/access.js';
import { accountChanged } from '../search/changes.js';

/** What a tap did: booked the block now (charging `feeCents`), or found it booked before (charging nothing). */
export interface AcceptOutcome {
  outcome: 'accepted' | 'alreadyAccepted';
  feeCents: number;
}

/** How long a second tap waits for the first one's answer before saying the accept is not done. */
const CLAIM_WAIT_MS = 10_000;
const CLAIM_POLL_MS = 100;

const invalidLink = () => refusal('BP_ERR_ACCEPT_LINK_INVALID');
const taken = () => refusal('BP_ERR_OFFER_TAKEN');

const ENTRY_COLUMNS = [
  'id',
  'user_id',
  'offer_id',
  'action',
  'reason',
  'forfeited_at',
  'discovered_at',
  'start_time',
  'end_time',
  'service_area_id',
  'price_amount',
  'currency',
] as const;

type Entry = Awaited<ReturnType<typeof loadEntry>>;

export function loadEntry(ctx: AppContext, logId: string) {
  return ctx.db.selectFrom('offer_logs').select(ENTRY_COLUMNS).where('id', '=', logId).executeTakeFirst();
}

function offerOf(entry: NonNullable<Entry>): OfferFacts {
  return {
    offerId: entry.offer_id,
    startTime: entry.start_time,
    endTime: entry.end_time,
    serviceAreaId: entry.service_area_id,
    priceAmount: entry.price_amount,
    currency: entry.currency,
  };
}

/** The public accept: the token names the entry and is checked against its owner; it is the only authority. */
export async function acceptWithToken(ctx: AppContext, token: string): Promise<AcceptOutcome> {
  const parts = acceptTokenParts(token);
  if (!parts) throw invalidLink();
  const entry = await loadEntry(ctx, parts.logId);
  if (!entry) throw invalidLink();
  const check = checkAcceptToken(ctx.linkSigningKey, entry.user_id, parts, ctx.clock.now().getTime());
  if (check === 'invalid') throw invalidLink();
  // A suspended driver's token does nothing, as their session would not.
  const user = await signedInUserRow(ctx.db, entry.user_id);
  if (!user) throw invalidLink();
  // An expired token still answers a booked block as booked: the driver learns what happened.
  if (check === 'expired' && !(entry.action === 'BLOCK_ACCEPT' && !entry.forfeited_at)) throw refusal('BP_ERR_OFFER_EXPIRED');
  return acceptEntry(ctx, user, entry);
}

/** The signed-in driver's accept of their own log entry (the log card's Accept button). */
export async function acceptNotified(ctx: AppContext, user: UserRow, logId: string): Promise<AcceptOutcome> {
  const entry = await loadEntry(ctx, logId);
  if (!entry || entry.user_id !== user.id) throw notFound('api.error.noSuchLogEntry');
  return acceptEntry(ctx, user, entry);
}

/** What the entry's state answers before anything is asked: booked before, taken, or not an offered block. */
function settledAnswer(entry: NonNullable<Entry>): AcceptOutcome | null {
  if (entry.action === 'BLOCK_ACCEPT' && !entry.forfeited_at) return { outcome: 'alreadyAccepted', feeCents: 0 };
  if (entry.action === 'BLOCK_IGNORE' && entry.reason === 'taken') throw taken();
  if (entry.action !== 'BLOCK_IGNORE' || entry.reason !== 'notify') throw conflict('api.error.offerNotOffered');
  return null;
}

/** The accept of an entry already known to be `user`'s: the checks, the claim, the platform, the record. */
export async function acceptEntry(ctx: AppContext, user: UserRow, entry: NonNullable<Entry>): Promise<AcceptOutcome> {
  const settled = settledAnswer(entry);
  if (settled) return settled;
  const now = ctx.clock.now();
  if (entry.start_time * 1000 <= now.getTime()) throw refusal('BP_ERR_OFFER_EXPIRED');
  const offer = offerOf(entry);
  const feeCents = await checkBookable(ctx, user.id, offer, now.getTime());
  const { account, session } = await accountSession(ctx, user);
  const attempt: AcceptAttempt = { userId: user.id, offer, discoveredAt: entry.discovered_at, feeCents, createdAt: now };
  const claim = await claimOffer(ctx, attempt, entry, account);
  if (claim !== 'claimed') return claim;
  const answer = await session.acceptOffer(offer.offerId);
  if (answer.ok) {
    const recorded = await recordAccept(ctx.db, attempt, (balance) => ctx.log.error({ userId: user.id, balance }, 'fee not payable for a booked block; kept at cost 0'));
    await forgetSchedule(ctx.db, user.id);
    // The running search counts the block as booked, and reloads the credit the fee came from.
    ctx.search.changed(user.id, 'schedule');
    ctx.live.publish(user.id, { type: 'logs' });
    if (recorded.status === 'duplicate') return { outcome: 'alreadyAccepted', feeCents: 0 };
    ctx.log.info({ userId: user.id, offerId: offer.offerId, feeCents: recorded.feeCents }, 'offered block accepted');
    if (recorded.feeCents > 0) accountChanged(ctx, user.id);
    const area = account.serviceAreas?.find((a) => a.id === offer.serviceAreaId);
    ctx.notifications.blockAccepted(user.id, { ...offer, serviceAreaName: area?.name ?? null, feeCents: recorded.feeCents });
    return { outcome: 'accepted', feeCents: recorded.feeCents };
  }
  // Refused (or unanswered): nothing was booked that we know of, and nothing was charged.
  await deleteAttempt(ctx.db, user.id, offer.offerId);
  if (answer.kind === 'offerTaken') {
    await ctx.db.updateTable('offer_logs').set({ reason: 'taken' }).where('id', '=', entry.id).where('action', '=', 'BLOCK_IGNORE').where('reason', '=', 'notify').execute();
    ctx.live.publish(user.id, { type: 'logs' });
    throw taken();
  }
  if (answer.kind === 'throttled') throw refusal('BP_ERR_PLATFORM_THROTTLED');
  if (answer.kind === 'transient' || answer.kind === 'unexpected') {
    ctx.log.warn({ userId: user.id, failure: answer }, 'one-tap accept not confirmed by the platform');
    throw conflict('api.error.offerNotDone');
  }
  throw await failureAnswer(ctx, user.id, answer);
}

/**
 * The engine's checks, against what is booked: the stored schedule, the accepted entries still to
 * come, and open intents (docs/ENGINE.md "Schedule"); the work limits; the fee within the credit.
 * Resolves to the fee; throws the refusal saying which check failed.
 */
async function checkBookable(ctx: AppContext, userId: string, offer: OfferFacts, nowMs: number): Promise<number> {
  const nowSeconds = nowMs / 1000;
  const drivers = kyselyDriverStore(ctx.db);
  const [schedule, accepted, intents, limits, fees] = await Promise.all([
    cachedSchedule(ctx.db, userId),
    ctx.db
      .selectFrom('offer_logs')
      .select(['start_time', 'end_time', 'service_area_id', 'price_amount'])
      .where('user_id', '=', userId)
      .where('action', '=', 'BLOCK_ACCEPT')
      .where('forfeited_at', 'is', null)
      .where('end_time', '>', nowSeconds)
      // The offer itself, booked by another tap meanwhile, is that tap's answer, not a clash.
      .where('offer_id', '<>', offer.offerId)
      .execute(),
    ctx.db
      .selectFrom('accept_attempts')
      .select(['start_time', 'end_time', 'service_area_id', 'price_amount'])
      .where('user_id', '=', userId)
      .where('offer_id', '<>', offer.offerId)
      .execute(),
    loadCompiledLimits(drivers, userId),
    drivers.feeState(userId),
  ]);
  const booked: BookedBlock[] = (schedule?.blocks ?? []).map((block) => ({
    startTime: block.startTime,
    endTime: block.endTime,
    serviceAreaId: block.serviceAreaId,
    priceCents: Math.round(block.price * 100),
  }));
  for (const row of [...accepted, ...intents])
    booked.push({ startTime: row.start_time, endTime: row.end_time, serviceAreaId: row.service_area_id, priceCents: Math.round(row.price_amount * 100) });
  const cannotBook = (words: 'api.error.offerOverlaps' | 'api.error.offerBreaksLimit' | 'api.error.offerCreditShort') => refusal('BP_ERR_OFFER_NOT_BOOKABLE', { words });
  if (firstOverlap(offer, booked)) throw cannotBook('api.error.offerOverlaps');
  const priceCents = Math.round(offer.priceAmount * 100);
  const matchable = { serviceAreaId: offer.serviceAreaId, startMs: offer.startTime * 1000, endMs: offer.endTime * 1000, priceCents };
  if (limits.active && limits.check(matchable, limits.tally(booked))) throw cannotBook('api.error.offerBreaksLimit');
  const fee = feeDue(priceCents, fees, nowMs);
  if (fee > fees.creditCents) throw cannotBook('api.error.offerCreditShort');
  return fee;
}

/**
 * The intent claims the offer: of two taps at once, one asks the platform, the other waits for its
 * answer. A tap slower than a whole other tap (its entry read before that one booked the block,
 * its claim written after that one's record removed its intent) reads the entry again once its
 * claim is written: whatever booked the block committed before the claim could be, so the entry
 * now says so, and the claim is released with that answer instead of asking the platform again.
 * The claiming tap then spends the driver's share of the request limit (docs/ENGINE.md "Request
 * budget", the share forfeits use): only the tap that asks the platform does. A claim that ends
 * here, answered or refused, is released.
 */
async function claimOffer(ctx: AppContext, attempt: AcceptAttempt, entry: NonNullable<Entry>, account: PlatformAccount): Promise<'claimed' | AcceptOutcome> {
  if (!(await writeIntent(ctx.db, attempt))) return waitForOtherTap(ctx, entry);
  const release = () => deleteAttempt(ctx.db, attempt.userId, attempt.offer.offerId);
  let settled: AcceptOutcome | null;
  try {
    const current = await loadEntry(ctx, entry.id);
    settled = current ? settledAnswer(current) : null;
    if (!settled) await requireDriverAction(ctx, account, 'forfeit');
  } catch (error) {
    await release();
    throw error;
  }
  if (!settled) return 'claimed';
  await release();
  return settled;
}

/** A second tap while the first is with the platform: waits for its outcome, and answers it without asking again. */
async function waitForOtherTap(ctx: AppContext, entry: NonNullable<Entry>): Promise<AcceptOutcome> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const open = await ctx.db.selectFrom('accept_attempts').select('offer_id').where('user_id', '=', entry.user_id).where('offer_id', '=', entry.offer_id).executeTakeFirst();
    const now = await loadEntry(ctx, entry.id);
    if (!open && now) {
      const answer = settledAnswer(now);
      if (answer) return answer;
    }
    if (!open || Date.now() >= deadline) throw conflict('api.error.offerNotDone');
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}
