/**
 * How long browsers may keep each built file. Content-hashed chunks and assets never change under
 * their name, so they are cached for a year as immutable; entry points (pages, mf-manifest.json,
 * remoteEntry.js, a remote's main.js) must always be revalidated, or a redeployed remote would
 * not be seen.
 */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  const base = filePath.replace(/\.(gz|br)$/, '');
  return HASHED.test(base) ? IMMUTABLE : REVALIDATE;
}
