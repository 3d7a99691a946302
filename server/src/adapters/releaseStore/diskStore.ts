/**
 * Release files on the server's disk, the default (docs/RELEASES.md "Where files are kept"): one
 * file per content under `<dataDir>/releases/blobs/`, named by its sha384.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentName, integrityOf, type ReleaseFileStore } from './fileStore.js';

export function createDiskFileStore(root: string): ReleaseFileStore {
  const blobs = path.join(root, 'blobs');
  const fileFor = (integrity: string): string | null => {
    const name = contentName(integrity);
    return name ? path.join(blobs, name) : null;
  };
  async function get(integrity: string): Promise<Buffer | null> {
    const file = fileFor(integrity);
    if (!file) return null;
    const bytes = await readFile(file).catch(() => null);
    return bytes && integrityOf(bytes) === integrity ? bytes : null;
  }
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
    get,
    // Nothing is kept in memory here: every read is from the disk.
    recheck: async (integrity) => (await get(integrity)) !== null,
    async close() {},
  };
}
