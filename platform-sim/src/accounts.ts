/**
 * Accounts of the platform, known by sign-in e-mail. The user id depends on the e-mail only (the
 * same person keeps the same id across resets and seeds); the service areas an account is eligible
 * for depend on the seed, chosen within one region.
 */
import { createHash } from 'node:crypto';
import { normalizeEmail } from './email.js';
import { createRandom, hashSeed } from './random.js';
import { Schedule } from './schedule.js';
import type { ServiceAreaCatalog } from './serviceAreas.js';
import type { RegionCode, ServiceAreaPoolEntry } from './types.js';

export interface Account {
  /** customer_info.user_id. */
  id: string;
  email: string;
  region: RegionCode;
  /** What eligibleServiceAreas returns. */
  eligibleAreaIds: string[];
  /** What getOfferFiltersOptions returns: every area of the account's region. */
  pool: readonly ServiceAreaPoolEntry[];
  schedule: Schedule;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** "amzn1.account.AF..." derived from the e-mail alone. */
export function userIdForEmail(email: string): string {
  const digest = createHash('sha256').update(normalizeEmail(email)).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += BASE32[(digest[i] ?? 0) & 31];
  return `amzn1.account.AF${id}`;
}

export class AccountRegistry {
  private readonly byId = new Map<string, Account>();

  constructor(
    private readonly seed: number,
    private readonly catalog: ServiceAreaCatalog,
    private readonly regions: readonly RegionCode[],
  ) {}

  getOrCreate(email: string): Account {
    const id = userIdForEmail(email);
    let account = this.byId.get(id);
    if (!account) {
      account = this.create(id, normalizeEmail(email));
      this.byId.set(id, account);
    }
    return account;
  }

  get(id: string): Account | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  private create(id: string, email: string): Account {
    const rng = createRandom(hashSeed(this.seed, 'account', id));
    const region = rng.pick(this.regions);
    const areas = [...(this.catalog.areasByRegion.get(region) ?? [])];
    const wanted = Math.min(areas.length, rng.int(1, 3));
    const eligible: string[] = [];
    while (eligible.length < wanted) {
      const [area] = areas.splice(rng.int(0, areas.length - 1), 1);
      if (area) eligible.push(area.serviceAreaId);
    }
    return { id, email, region, eligibleAreaIds: eligible, pool: this.catalog.poolByRegion.get(region) ?? [], schedule: new Schedule() };
  }
}
