/**
 * Where release files live: one file per content under `<dataDir>/releases/blobs/`, named by its
 * sha384. Reading hands the bytes back only when they still hash to the integrity asked for, so a
 * file changed or damaged on disk is never served (docs/RELEASES.md "Integrity").
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The SRI form of a sha384: `sha384-<base64>`. */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

export interface ReleaseFileStore {
  /** Keeps the bytes; returns their integrity. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored for `integrity`, or null when missing or no longer matching. */
  get(integrity: string): Promise<Buffer | null>;
}

const INTEGRITY = /^sha384-([A-Za-z0-9+/]{64})$/;

export function createDiskFileStore(root: string): ReleaseFileStore {
  const blobs = path.join(root, 'blobs');
  const fileFor = (integrity: string): string | null => {
    const match = INTEGRITY.exec(integrity);
    return match ? path.join(blobs, Buffer.from(match[1]!, 'base64').toString('hex')) : null;
  };
  return {
    async put(bytes) {
      const integrity = integrityOf(bytes);
      const file = fileFor(integrity)!;
      await mkdir(blobs, { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and equal content is one file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      return integrity;
    },
    async get(integrity) {
      const file = fileFor(integrity);
      if (!file) return null;
      const bytes = await readFile(file).catch(() => null);
      return bytes && integrityOf(bytes) === integrity ? bytes : null;
    },
  };
}
