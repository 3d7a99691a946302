/**
 * Seeded randomness. Everything the simulator generates (areas, offers, fault rolls) comes from
 * here so that one seed gives one world; Math.random is never used for generation.
 */

/** A seeded pseudo-random stream. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform 32-bit unsigned integer. */
  uint32(): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** Exponentially distributed with this mean (gaps of a Poisson process). */
  exponential(mean: number): number;
}

/** mulberry32: one uint32 of state, fast, and plenty for a simulation (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const uint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => uint32() / 4294967296;
  return {
    next,
    uint32,
    float: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    // 1 - next() is in (0, 1], so the log is finite.
    exponential: (mean) => -Math.log(1 - next()) * mean,
  };
}

/**
 * Hashes any mix of strings and numbers into a 32-bit seed (FNV-1a, then murmur3's finalizer so
 * that nearby inputs, e.g. consecutive time buckets, give unrelated streams).
 */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${typeof part}:${part}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** `n` bytes from the stream. */
export function randomBytes(rng: Random, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i += 4) {
    const word = rng.uint32();
    for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (word >>> (8 * j)) & 0xff;
  }
  return out;
}

/** A version-4-shaped UUID from the stream (deterministic, unlike crypto.randomUUID). */
export function randomUuid(rng: Random): string {
  const b = randomBytes(rng, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
