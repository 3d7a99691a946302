/**
 * Password hashing with scrypt (node:crypto), at OWASP's recommended cost by default
 * (N = 2^17, r = 8, p = 1). The parameters are stored with each hash, so a hash made at another
 * cost (older accounts, tests) still verifies, and the cost can be raised without a migration.
 *
 * Each hash holds a libuv thread and 128 MiB for about a quarter second, so hashing is bounded:
 * at most {@link HASHING_LIMITS}.concurrent at once, a short queue behind them, and past the queue
 * the call fails at once with {@link HashingBusyError} (503) instead of making every sign-in wait
 * behind a flood (docs/SECURITY.md "Limits").
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/** How many hashes run at once, and how many may wait for a turn. */
export const HASHING_LIMITS = { concurrent: 2, queued: 32 };

/** Too many hashes waiting: the call is refused now rather than answered late. */
export class HashingBusyError extends Error {
  constructor() {
    super('too many password hashes waiting');
    this.name = 'HashingBusyError';
  }
}

/** Runs tasks at most `concurrent` at a time with at most `queued` waiting; refuses beyond that. */
export function boundedRunner({ concurrent, queued }: { concurrent: number; queued: number }) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrent) {
      if (waiting.length >= queued) throw new HashingBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** scrypt needs 128 * N * r bytes; node's default cap (32 MiB) is below the OWASP cost. */
function optionsFor(log2Cost: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2Cost;
  return { N, r, p, maxmem: 256 * N * r };
}

/** Hashes and verifies passwords at one configured cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time; false for a malformed hash. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification and returns false: used when no account
   * matches, so response times do not tell whether an e-mail address is registered.
   */
  verifyNothing(password: string): Promise<false>;
  /** True for a hash made at another cost than the configured one (rehashed on the next sign-in). */
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(log2Cost: number, limits = HASHING_LIMITS): PasswordHasher {
  let decoy: Promise<string> | null = null;
  const bounded = boundedRunner(limits);

  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await bounded(() => scrypt(password, salt, optionsFor(log2Cost, BLOCK_SIZE, PARALLELISM)));
    return ['scrypt', log2Cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
  };

  const verify = async (password: string, stored: string) => {
    const [scheme, cost, r, p, salt, expected] = stored.split('$');
    if (scheme !== 'scrypt' || !cost || !r || !p || !salt || !expected) return false;
    const expectedKey = Buffer.from(expected, 'base64');
    const key = await bounded(() => scrypt(password, Buffer.from(salt, 'base64'), optionsFor(Number(cost), Number(r), Number(p))));
    return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
  };

  return {
    hash,
    verify,
    async verifyNothing(password) {
      decoy ??= hash(randomBytes(16).toString('hex'));
      await verify(password, await decoy);
      return false;
    },
    needsRehash: (stored) => !stored.startsWith(`scrypt$${log2Cost}$${BLOCK_SIZE}$${PARALLELISM}$`),
  };
}
