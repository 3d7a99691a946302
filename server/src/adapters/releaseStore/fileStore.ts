/**
 * What every store of release files does (docs/RELEASES.md "Where files are kept"): keep bytes
 * under the name of their content, and hand them back only while they still hash to the integrity
 * asked for, so a file changed or damaged where it is kept is never served.
 */
import { createHash } from 'node:crypto';

/** The SRI form of a sha384: `sha384-<base64>`. */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

export interface ReleaseFileStore {
  /** Keeps the bytes; returns their integrity. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored for `integrity`, or null when missing or no longer matching. Throws when the store cannot be read. */
  get(integrity: string): Promise<Buffer | null>;
  /**
   * Reads the bytes stored for `integrity` again, past any copy kept in memory, and says whether
   * they still match: what a release is checked with before it goes live. Throws when the store cannot be read.
   */
  recheck(integrity: string): Promise<boolean>;
  /** Lets go of connections, if the store holds any. */
  close(): Promise<void>;
}

const INTEGRITY = /^sha384-([A-Za-z0-9+/]{64})$/;

/** The name a content is kept under: its sha384 in hex; null for anything that is not a sha384 integrity. */
export function contentName(integrity: string): string | null {
  const match = INTEGRITY.exec(integrity);
  return match ? Buffer.from(match[1]!, 'base64').toString('hex') : null;
}
