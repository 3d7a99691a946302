/**
 * What every long benchmark needs around its body: one clean-up, however many paths ask for it
 * (the run's end, a failure, Ctrl-C or a CI timeout, the watchdog), undoing what was started in
 * reverse order; and a watchdog that stops everything once the run overruns its limit.
 */

export interface BoundedRun {
  /** Undo steps, pushed as things start; run last-in first-out. */
  cleanups: Array<() => Promise<unknown> | unknown>;
  /** Runs the undo steps once; later calls get the same promise. */
  cleanup(): Promise<void>;
  /** Clears the watchdog (the run ended in time). */
  finish(): void;
}

export function boundedRun(name: string, limitMs: number): BoundedRun {
  const cleanups: BoundedRun['cleanups'] = [];
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      while (cleanups.length) {
        try {
          await cleanups.pop()!();
        } catch (error) {
          console.error('cleanup:', error);
        }
      }
    })());
  const watchdog = setTimeout(() => {
    console.error(`${name}: still running after ${Math.round(limitMs / 60_000)} minutes; stopping`);
    void cleanup().finally(() => process.exit(1));
  }, limitMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`%s: %s; stopping`, name, signal);
      void cleanup().finally(() => process.exit(130));
    });
  }
  return { cleanups, cleanup, finish: () => clearTimeout(watchdog) };
}
