/**
 * The prerendered landing page of the landing release live on the deployment's channel
 * (docs/RELEASES.md "The prerendered landing page"): the stable release (a visitor never gets a
 * canary), its `prerender/landing.html` read through the registry, so it is checked against the
 * integrity recorded at publish like every file of a release (fail closed), from the store or from
 * a hosted release's origin.
 */
import { PRERENDERED_LANDING_PATH } from '@blockpilot/shared/constants';
import type { ReleaseRegistry } from '../releases/registry.js';
import { LANDING_REMOTE, type LiveLanding } from './shellPage.js';

/** A hosted release's origin that does not answer in this time is skipped: the page goes out without it. */
const READ_TIMEOUT_MS = 2_000;

export function liveLanding(registry: ReleaseRegistry, channel: string): LiveLanding {
  /** A release never changes: its page, once read and checked, is kept while it stays live. */
  let last: { releaseId: string; fragment: string } | null = null;
  const read = async (releaseId: string): Promise<string> => {
    const timeout = new Promise<null>((resolve) => setTimeout(resolve, READ_TIMEOUT_MS, null).unref());
    // Not read, not matching, its store or host out of reach: the plain page, and a new try at the next read.
    const bytes = await Promise.race([registry.verifiedFile(releaseId, PRERENDERED_LANDING_PATH), timeout]).catch(() => null);
    if (!bytes) return '';
    last = { releaseId, fragment: bytes.toString('utf8') };
    return last.fragment;
  };
  return {
    async fragment() {
      const live = (await registry.channelStatus(channel))?.entries.find((entry) => entry.remote === LANDING_REMOTE);
      if (!live) return undefined;
      return last?.releaseId === live.release.id ? last.fragment : read(live.release.id);
    },
    onMove(listener) {
      registry.onMove((move) => {
        if (move.channel === channel && move.remote === LANDING_REMOTE) listener();
      });
    },
  };
}
