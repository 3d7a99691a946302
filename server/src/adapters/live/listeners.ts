/** The listeners of each driver in this process: what both the in-memory and the Redis live events deliver to. */
import type { LiveListener, LiveSignal } from './types.js';

export class LiveListeners {
  private readonly byUser = new Map<string, Set<LiveListener>>();

  /** Adds a listener; returns its removal. */
  add(userId: string, listener: LiveListener): () => void {
    let listeners = this.byUser.get(userId);
    if (!listeners) this.byUser.set(userId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byUser.get(userId) === listeners) this.byUser.delete(userId);
    };
  }

  /** Calls every listener of the driver (`null`: of every driver); one that throws does not keep the signal from the others. */
  deliver(userId: string | null, signal: LiveSignal, onError: (error: unknown) => void): void {
    const listeners = userId === null ? [...this.byUser.values()].flatMap((each) => [...each]) : [...(this.byUser.get(userId) ?? [])];
    for (const listener of listeners) {
      try {
        listener(signal);
      } catch (error) {
        onError(error);
      }
    }
  }
}
