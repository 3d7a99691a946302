/**
 * Which process searches which driver, behind one interface. The API calls only
 * {@link SearchRunner}; {@link LocalSearchRunner} runs every search in this process (the default:
 * one process runs API and engine). A scale-out runner (BullMQ/Redis: the API enqueues start/stop,
 * workers own drivers with a lease) implements the same interface around the same
 * {@link UserSearch}, which knows nothing of where it runs: it gets its dependencies and an
 * AbortSignal, and its `done` promise says when it has ended.
 */
import type { SearchDependencies } from './dependencies.js';
import type { SearchChange } from './searchState.js';
import { UserSearch } from './userSearch.js';

/** Starting, stopping and telling searches about changes, wherever they run. */
export interface SearchRunner {
  /** Starts searching for the driver (no-op when already searching). `users.searching` is the caller's to set. */
  start(userId: string): void;
  /** Stops the driver's search; resolves once its loop has ended (a step under way finishes first). */
  stop(userId: string): Promise<void>;
  /**
   * Whether a search for the driver is running (not stopping or stopped). A runner whose searches
   * run in other processes answers from the database (a promise).
   */
  has(userId: string): boolean | Promise<boolean>;
  /** Tells the driver's running search that its filters (or time zone) or schedule changed. */
  changed(userId: string, change: SearchChange): void;
  /** Starts every driver whose `users.searching` is true (process start); resolves to how many. */
  resumeAll(): Promise<number>;
  /** Stops every search WITHOUT touching `users.searching`, so the next process resumes them. */
  close(): Promise<void>;
}

interface Running {
  search: UserSearch;
  controller: AbortController;
}

/** Every search in this process, one {@link UserSearch} (one timer) per driver. */
export class LocalSearchRunner implements SearchRunner {
  private readonly running = new Map<string, Running>();
  private closed = false;

  constructor(private readonly deps: SearchDependencies) {}

  /** Searches running here. */
  get size(): number {
    return this.running.size;
  }

  start(userId: string, firstStepDelayMs = 0): void {
    if (this.closed) return;
    const current = this.running.get(userId);
    if (current && !current.controller.signal.aborted && !current.search.stopped) return;
    const controller = new AbortController();
    const entry: Running = { search: new UserSearch(this.deps, userId, controller.signal), controller };
    this.running.set(userId, entry);
    // One loop per driver: a new one begins only after a stopping one has ended.
    void (current?.search.done ?? Promise.resolve())
      .then(() => entry.search.begin(firstStepDelayMs))
      .finally(() => {
        if (this.running.get(userId) === entry) this.running.delete(userId);
      });
  }

  async stop(userId: string): Promise<void> {
    const entry = this.running.get(userId);
    if (!entry) return;
    entry.controller.abort();
    await entry.search.done;
  }

  has(userId: string): boolean {
    const entry = this.running.get(userId);
    return entry !== undefined && !entry.controller.signal.aborted && !entry.search.stopped;
  }

  changed(userId: string, change: SearchChange): void {
    this.running.get(userId)?.search.invalidate(change);
  }

  async resumeAll(): Promise<number> {
    const userIds = await this.deps.drivers.searchingUserIds();
    const random = this.deps.random ?? Math.random;
    for (const userId of userIds) this.start(userId, Math.floor(random() * this.deps.timings.resumeSpreadMs));
    if (userIds.length) this.deps.log.info({ searches: userIds.length }, 'resumed searching');
    return userIds.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.running.values()];
    for (const entry of entries) entry.controller.abort();
    await Promise.all(entries.map((entry) => entry.search.done));
  }
}
