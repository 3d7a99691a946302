/**
 * The board of offers, lazily generated per service area.
 *
 * Time is cut into fixed buckets; the offers arriving in bucket k of area a come from a random
 * stream seeded by (seed, a, k) alone. So what an area shows at time t depends only on the seed
 * and t, never on who polled when, and a poll only generates the buckets of the requested areas
 * that it has not seen yet (skipping any older than an offer's lifetime). A poll therefore costs
 * O(offers in the requested areas); nothing runs between polls (no timers).
 */
import { InputError } from '../validate.js';
import { createRandom, hashSeed } from '../random.js';
import type { ServiceArea, ServiceAreaCatalog } from '../serviceAreas.js';
import type { AcceptLossReason, InjectOfferInput, Offer } from '../types.js';
import { buildLiveOffer, makeOfferId, randomOfferSpec, type OfferTiming } from './generate.js';
import { applyInjectedFields } from './inject.js';
import { unavailableReason, type LiveOffer } from './liveOffer.js';

const BUCKET_MS = 5_000;
/** Gone offers stay addressable this long, so a late accept is told 410 with the right reason. */
const TOMBSTONE_MS = 60_000;

/** Settings of the board (from the options). */
export interface OfferBookSettings extends OfferTiming {
  seed: number;
  autoOffers: boolean;
  ratePerAreaPerMinute: number;
}

/** Result of an accept: exactly one accept of an offer ever wins. */
export type AcceptResult = { won: true; offer: LiveOffer } | { won: false; reason: AcceptLossReason; offer: LiveOffer | null };

/** One area's offers in arrival order, and the first time bucket not generated yet. */
interface AreaBoard {
  offers: LiveOffer[];
  nextBucket: number;
}

export class OfferBook {
  private readonly boards = new Map<string, AreaBoard>();
  private readonly byId = new Map<string, LiveOffer>();
  private readonly injectRng;
  private injected = 0;

  constructor(
    private readonly catalog: ServiceAreaCatalog,
    private readonly settings: OfferBookSettings,
  ) {
    this.injectRng = createRandom(hashSeed(settings.seed, 'injected-offers'));
  }

  /**
   * Offers listed now in these areas (unknown ids are ignored, duplicates listed once): `now` on the
   * simulator's clock, `atMs` on the precise clock (the poll's arrival).
   */
  listVisible(serviceAreaIds: readonly string[], now: number, atMs: number): Offer[] {
    return this.listLive(serviceAreaIds, now, atMs).map((offer) => offer.wire);
  }

  /** The same offers as {@link listVisible}, as the board holds them (to mark who was shown what). */
  listLive(serviceAreaIds: readonly string[], now: number, atMs: number): LiveOffer[] {
    const out: LiveOffer[] = [];
    const seen = new Set<string>();
    for (const id of serviceAreaIds) {
      const area = this.catalog.byId.get(id);
      if (!area || seen.has(id)) continue;
      seen.add(id);
      const board = this.advance(area, now);
      for (const offer of board.offers) {
        if (unavailableReason(offer, now, atMs) === null) out.push(offer);
      }
    }
    return out;
  }

  /**
   * Takes the offer for this account if it is still available: `now` on the simulator's clock,
   * `atMs` the accept's arrival on the precise clock. Synchronous, so concurrent accepts cannot both win.
   */
  accept(offerId: string, accountId: string, now: number, atMs: number): AcceptResult {
    const offer = this.byId.get(offerId) ?? null;
    if (!offer) return { won: false, reason: 'unknown_offer', offer: null };
    const reason = unavailableReason(offer, now, atMs);
    if (reason !== null) return { won: false, reason, offer };
    offer.acceptedBy = accountId;
    return { won: true, offer };
  }

  /** Puts an offer on the board now. */
  inject(input: InjectOfferInput, now: number): LiveOffer {
    const area = input.serviceAreaId === undefined ? this.catalog.list[0] : this.catalog.byId.get(input.serviceAreaId);
    if (!area) throw new InputError(`unknown serviceAreaId ${input.serviceAreaId}`);
    if (input.offerId !== undefined && this.byId.has(input.offerId)) throw new InputError(`offerId ${input.offerId} is already in use`);
    const serial = this.injected++;
    const base = {
      ...randomOfferSpec(this.injectRng, area, now, this.settings),
      offerId: makeOfferId('injected', area.index, serial, 0, this.injectRng),
    };
    const offer = buildLiveOffer(applyInjectedFields(base, input, now));
    const board = this.advance(area, now);
    board.offers.push(offer);
    this.byId.set(offer.wire.offerId, offer);
    return offer;
  }

  /** Offers held in memory (listed or tombstoned). */
  get size(): number {
    return this.byId.size;
  }

  /** Brings an area up to `now`: generates its new buckets and drops offers past their tombstone. */
  private advance(area: ServiceArea, now: number): AreaBoard {
    let board = this.boards.get(area.serviceAreaId);
    if (!board) {
      board = { offers: [], nextBucket: -Infinity };
      this.boards.set(area.serviceAreaId, board);
    }
    this.prune(board, now);
    if (this.settings.autoOffers && this.settings.ratePerAreaPerMinute > 0) {
      const lastBucket = Math.floor(now / BUCKET_MS);
      // Offers from buckets older than one lifetime are gone already: never generate them.
      const oldestUseful = Math.floor((now - this.settings.lifetimeMs) / BUCKET_MS);
      for (let bucket = Math.max(board.nextBucket, oldestUseful); bucket <= lastBucket; bucket++) {
        this.generateBucket(board, area, bucket);
      }
      board.nextBucket = Math.max(board.nextBucket, lastBucket + 1);
    }
    return board;
  }

  /** Arrivals of one bucket: a Poisson process (exponential gaps) from the bucket's own stream. */
  private generateBucket(board: AreaBoard, area: ServiceArea, bucket: number): void {
    const rng = createRandom(hashSeed(this.settings.seed, 'offers', area.index, bucket));
    const meanGapMs = 60_000 / this.settings.ratePerAreaPerMinute;
    const end = (bucket + 1) * BUCKET_MS;
    let t = bucket * BUCKET_MS + rng.exponential(meanGapMs);
    for (let index = 0; t < end; index++) {
      const arrivesAt = Math.floor(t);
      const spec = randomOfferSpec(rng, area, arrivesAt, this.settings);
      const offer = buildLiveOffer({ ...spec, offerId: makeOfferId('generated', area.index, bucket, index, rng) });
      board.offers.push(offer);
      this.byId.set(offer.wire.offerId, offer);
      t += rng.exponential(meanGapMs);
    }
  }

  /** Compacts the area's list in place, forgetting offers past their tombstone. */
  private prune(board: AreaBoard, now: number): void {
    let kept = 0;
    for (const offer of board.offers) {
      if (now < offer.expiresAt + TOMBSTONE_MS) {
        board.offers[kept++] = offer;
      } else {
        this.byId.delete(offer.wire.offerId);
      }
    }
    board.offers.length = kept;
  }
}
