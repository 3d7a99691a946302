/**
 * The service areas of a world: deterministic from the seed, spread round-robin over the regions,
 * named like the platform's pool list ("City (CODE) - Amazon.com").
 */
import { regionProfile } from './regions.js';
import { createRandom, hashSeed, randomUuid, type Random } from './random.js';
import type { RegionCode, ServiceAreaInfo, ServiceAreaPoolEntry } from './types.js';

/** A service area plus its position (used to derive per-area random streams). */
export interface ServiceArea extends ServiceAreaInfo {
  index: number;
}

/** All areas of a world, indexed the ways requests need them. */
export interface ServiceAreaCatalog {
  list: readonly ServiceArea[];
  byId: ReadonlyMap<string, ServiceArea>;
  /** Areas per region, in wire shape, built once (getOfferFiltersOptions returns it as is). */
  poolByRegion: ReadonlyMap<RegionCode, readonly ServiceAreaPoolEntry[]>;
  areasByRegion: ReadonlyMap<RegionCode, readonly ServiceArea[]>;
}

const SUBURBS = ['North', 'South', 'East', 'West', 'Central', 'Airport', 'Harbour', 'Park'];
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function shuffled<T>(items: readonly T[], rng: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Hands out a region's stations in a seeded order, then made-up ones when the real list runs out. */
function stationSource(region: RegionCode, seed: number, usedCodes: Set<string>): () => readonly [string, string] {
  const rng = createRandom(hashSeed(seed, 'stations', region));
  const stations = shuffled(regionProfile(region).stations, rng);
  let next = 0;
  return () => {
    const real = stations[next++];
    if (real && !usedCodes.has(real[0])) return real;
    const baseCity = rng.pick(regionProfile(region).stations)[1];
    let code: string;
    do {
      code = `D${rng.pick([...CODE_CHARS])}${rng.pick([...CODE_CHARS])}${rng.int(1, 9)}`;
    } while (usedCodes.has(code));
    return [code, `${baseCity} ${rng.pick(SUBURBS)}`] as const;
  };
}

/** Where each region's stations are scattered around (degrees): about a metropolitan area's spread. */
const REGION_CENTRES: Record<RegionCode, readonly [number, number]> = {
  US: [47.6, -122.3],
  CA: [43.7, -79.4],
  UK: [51.5, -0.1],
  DE: [52.5, 13.4],
  ES: [40.4, -3.7],
  JP: [35.7, 139.7],
  AU: [-33.9, 151.2],
};
/** Half the side of the square stations are placed in, degrees (about 55 km north to south). */
const SPREAD_DEGREES = 0.5;

export function createServiceAreaCatalog(seed: number, regions: readonly RegionCode[], count: number, currencyOverride: string | null): ServiceAreaCatalog {
  const idRng = createRandom(hashSeed(seed, 'service-area-ids'));
  // A stream of its own, so the positions change nothing else a seed gives.
  const placeRng = createRandom(hashSeed(seed, 'service-area-positions'));
  const usedCodes = new Set<string>();
  const sources = new Map(regions.map((r) => [r, stationSource(r, seed, usedCodes)]));
  const list: ServiceArea[] = [];
  for (let index = 0; index < count; index++) {
    const region = regions[index % regions.length] as RegionCode;
    const [stationCode, city] = (sources.get(region) as () => readonly [string, string])();
    usedCodes.add(stationCode);
    const profile = regionProfile(region);
    const [lat, lng] = REGION_CENTRES[region];
    list.push({
      index,
      serviceAreaId: randomUuid(idRng),
      serviceAreaName: `${city} (${stationCode}) - ${profile.brand}`,
      region,
      currency: currencyOverride ?? profile.currency,
      stationCode,
      city,
      latitude: Math.round((lat + placeRng.float(-SPREAD_DEGREES, SPREAD_DEGREES)) * 1e5) / 1e5,
      longitude: Math.round((lng + placeRng.float(-SPREAD_DEGREES, SPREAD_DEGREES)) * 1e5) / 1e5,
    });
  }
  const areasByRegion = new Map<RegionCode, ServiceArea[]>(regions.map((r) => [r, list.filter((a) => a.region === r)]));
  const poolByRegion = new Map<RegionCode, ServiceAreaPoolEntry[]>(
    [...areasByRegion].map(([r, areas]) => [
      r,
      areas.map((a) => ({ serviceAreaName: a.serviceAreaName, serviceAreaId: a.serviceAreaId, latitude: a.latitude, longitude: a.longitude })),
    ]),
  );
  return { list, byId: new Map(list.map((a) => [a.serviceAreaId, a])), poolByRegion, areasByRegion };
}

/** The public view of an area (without the internal index). */
export function serviceAreaInfo(area: ServiceArea): ServiceAreaInfo {
  const { index: _index, ...info } = area;
  return info;
}
