/**
 * Which user a live access token belongs to, kept in memory so that a signed-in request needs no
 * database round trip to know who is calling (docs/SECURITY.md "Session cache"). The database stays
 * the truth; the cache only spares asking it again, and is invalidated exactly:
 *
 * - Expiry: an entry keeps its token's expiry and is checked against the app's clock on each use.
 * - Revocation (logout, password change or reset, suspension): whoever revokes tells the cache
 *   ({@link SessionCache.revokedToken}, {@link SessionCache.revokedUser}) once the revocation is
 *   committed, before answering. The entries go at once in this process and, with Redis, in every
 *   other API process over pub/sub (scaling/sessionInvalidation.ts); the revoking request waits
 *   until every subscribed process has acknowledged that it applied the revocation.
 * - A lookup that raced a revocation is not kept: each fill holds the generation it started in,
 *   and any invalidation in between (here or announced by another process) makes it stale.
 * - While the pub/sub subscription is down a message could be missed, so the cache is emptied and
 *   not used until it is back.
 *
 * Only access tokens are cached; reset links are rare and always read from the database.
 */

/** What the cache knows of a token. */
export interface CachedSession {
  userId: string;
  /** The token's expiry, epoch ms. */
  expiresAt: number;
}

/** One invalidation, as it travels between processes. */
export type SessionInvalidation = { tokenHash: string } | { userId: string };

/** How invalidations reach the other API processes (Redis pub/sub); absent for a single process. */
export interface SharedInvalidations {
  /** Resolves once every subscribed process has applied the invalidation. */
  publish(invalidation: SessionInvalidation): Promise<void>;
  /**
   * Calls `apply` for each invalidation another process publishes, and `setLive(false)` as soon as
   * the subscription drops (messages may be lost from then on), `setLive(true)` once it is back.
   */
  listen(apply: (invalidation: SessionInvalidation) => void, setLive: (live: boolean) => void): void;
  close(): Promise<void>;
}

export interface SessionCacheOptions {
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  /** How long an entry is trusted at most, even unrevoked: a bound, should anything be missed. */
  maxAgeMs?: number;
  shared?: SharedInvalidations | null;
  /** Monotonic-enough time for maxAgeMs (tests move it). */
  now?: () => number;
}

interface Entry extends CachedSession {
  tokenHash: string;
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  /** False while invalidations from other processes may be missed (subscription down or not yet up). */
  private live: boolean;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly shared: SharedInvalidations | null;
  private readonly now: () => number;

  constructor({ maxEntries = 50_000, maxAgeMs = 5 * 60_000, shared = null, now = Date.now }: SessionCacheOptions = {}) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
    this.shared = shared;
    this.now = now;
    this.live = shared === null;
  }

  /**
   * Starts hearing the other processes (the app does, when it serves requests): until the
   * subscription is up, with Redis, nothing is cached. A process that only revokes (a search
   * worker, a script) needs no subscription: publishing goes over the shared connection.
   */
  start(): void {
    this.shared?.listen(
      (invalidation) => this.forget(invalidation),
      (live) => {
        this.clear();
        this.live = live;
      },
    );
  }

  /** The session of a token hash if cached and unexpired at `now` (the app's clock). */
  get(tokenHash: string, now: Date): CachedSession | null {
    if (!this.live) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAt <= now.getTime() || this.now() - entry.cachedAt >= this.maxAgeMs) {
      this.remove(entry);
      return null;
    }
    return entry;
  }

  /** Taken before reading a session from the database; hand it to {@link keep}. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps what the database said, unless an invalidation happened since `ticket` was taken. */
  keep(ticket: number, tokenHash: string, session: CachedSession): void {
    if (!this.live || ticket !== this.generation) return;
    const old = this.entries.get(tokenHash);
    if (old) this.remove(old);
    if (this.entries.size >= this.maxEntries) this.remove(this.entries.values().next().value!);
    const entry: Entry = { ...session, tokenHash, cachedAt: this.now() };
    this.entries.set(tokenHash, entry);
    let tokens = this.byUser.get(session.userId);
    if (!tokens) this.byUser.set(session.userId, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** One token was revoked (logout); call after the revocation is committed. */
  revokedToken(tokenHash: string): Promise<void> {
    return this.announce({ tokenHash });
  }

  /** Every token of the user was revoked (password change or reset, suspension); call after the commit. */
  revokedUser(userId: string): Promise<void> {
    return this.announce({ userId });
  }

  /** Stops listening to the other processes. */
  async close(): Promise<void> {
    this.clear();
    this.live = false;
    await this.shared?.close();
  }

  private async announce(invalidation: SessionInvalidation): Promise<void> {
    this.forget(invalidation);
    await this.shared?.publish(invalidation);
  }

  private forget(invalidation: SessionInvalidation): void {
    this.generation++;
    if ('tokenHash' in invalidation) {
      const entry = this.entries.get(invalidation.tokenHash);
      if (entry) this.remove(entry);
      return;
    }
    for (const tokenHash of this.byUser.get(invalidation.userId) ?? []) {
      const entry = this.entries.get(tokenHash);
      if (entry) this.remove(entry);
    }
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.tokenHash);
    const tokens = this.byUser.get(entry.userId);
    tokens?.delete(entry.tokenHash);
    if (tokens?.size === 0) this.byUser.delete(entry.userId);
  }
}
