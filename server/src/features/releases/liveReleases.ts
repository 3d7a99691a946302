/**
 * Open tabs hear of a new live release at once (docs/LIVE.md "New releases"): every move of the
 * deployment's channel that this process makes (a promote, a canary, a rollback, the canary
 * guard's) is broadcast to every open live stream, in every API process (Redis pub/sub with
 * REDIS_URL, docs/LIVE.md "Across processes"). The signal carries nothing: each tab reads its own
 * remote list again, which says what it, with its canaries and preview, should run.
 */
import type { LiveEvents } from '../../adapters/live/types.js';
import type { ReleaseRegistry } from './registry.js';

/** Starts the announcements; returns how to stop them. */
export function announceReleaseMoves(registry: Pick<ReleaseRegistry, 'onMove'>, live: Pick<LiveEvents, 'broadcast'>, channel: string): () => void {
  return registry.onMove((move) => {
    if (move.channel === channel) live.broadcast({ type: 'releases' });
  });
}
