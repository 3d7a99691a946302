/**
 * How long browsers may keep each built file. Content-hashed chunks and assets never change under
 * their name, so they are cached for a year as immutable; entry points (pages, mf-manifest.json,
 * remoteEntry.js, a remote's main.js) must always be revalidated, or a redeployed remote would
 * not be seen.
 */
import { CONTENT_HASHED_FILE } from '@blockpilot/shared/constants';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  const base = filePath.replace(/\.(gz|br)$/, '');
  return CONTENT_HASHED_FILE.test(base) ? IMMUTABLE : REVALIDATE;
}
