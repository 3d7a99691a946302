/**
 * What a published build must hold (docs/RELEASES.md "Model"): safe relative file names, an
 * mf-manifest.json naming the remote, its remote entry among the files, and the shared modules and
 * exposed paths the gate compares. Pure: the registry stores what this accepts.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { FieldWords } from '../../domain/errors.js';
import type { ReleaseSharedModule } from '../../db/schema.js';
import { isPlainRelativePath, type ManifestLocations } from './publicPath.js';

export const MANIFEST_FILE = 'mf-manifest.json';

/** A file of an upload, its bytes decoded, with the integrity the server computed. */
export interface BuildFile {
  path: string;
  bytes: Buffer;
  integrity: string;
}

/** What the gate and the registry read from a build's manifest. */
export interface BuildDescription {
  manifest: Record<string, unknown> & ManifestLocations;
  shared: ReleaseSharedModule[];
  exposes: string[];
  /** Its remote entry's path beside the manifest. */
  entryPath: string;
}

type ManifestShape = {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  shared?: Array<{ name?: unknown; version?: unknown; requiredVersion?: unknown }>;
  exposes?: Array<{ path?: unknown }>;
};

/** Where the manifest says its remote entry is, relative to the manifest: '' when it names none. */
function entryPathOf(manifest: ManifestShape): string {
  const entry = manifest.metaData?.remoteEntry;
  return [entry?.path, entry?.name].filter((part) => typeof part === 'string' && part !== '').join('/');
}

/**
 * {@link entryPathOf} in SQL, of the manifest a `jsonb` column holds (`r.manifest`): for joining a
 * release's remote entry file in the query that reads the release.
 */
export function entryPathSql(manifestColumn: string): RawBuilder<string> {
  const part = (name: string) => sql`nullif(${sql.ref(manifestColumn)} #>> ${sql.lit(`{metaData,remoteEntry,${name}}`)}, '')`;
  return sql<string>`concat_ws('/', ${part('path')}, ${part('name')})`;
}

/** The remote entry's path a manifest names, or null when the bytes are not such a manifest (describeBuild says why). */
export function remoteEntryPath(manifestBytes: Buffer): string | null {
  try {
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as ManifestShape | null;
    return (manifest && typeof manifest === 'object' && entryPathOf(manifest)) || null;
  } catch {
    return null;
  }
}

/** Reads the build's manifest; per-field errors (`files`, `manifest`) for everything wrong with it. */
export function describeBuild(remote: string, files: readonly BuildFile[]): BuildDescription | { errors: FieldWords } {
  const manifestFile = files.find((file) => file.path === MANIFEST_FILE);
  if (!manifestFile) return { errors: { files: { key: 'api.release.noManifest', values: { manifest: MANIFEST_FILE } } } };
  let manifest: ManifestShape;
  try {
    manifest = JSON.parse(manifestFile.bytes.toString('utf8')) as ManifestShape;
  } catch {
    return { errors: { manifest: { key: 'api.release.manifestNotJson', values: { manifest: MANIFEST_FILE } } } };
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    return { errors: { manifest: { key: 'api.release.manifestNotObject', values: { manifest: MANIFEST_FILE } } } };
  if (manifest.name !== remote)
    return { errors: { manifest: { key: 'api.release.manifestOtherRemote', values: { manifest: MANIFEST_FILE, name: String(manifest.name), remote } } } };
  const entryPath = entryPathOf(manifest);
  // The runtime appends it to the build's folder: a URL or a path that climbs out would load a script from anywhere (publicPath.ts).
  if (entryPath && !isPlainRelativePath(entryPath)) return { errors: { manifest: { key: 'api.release.entryOutsideRelease', values: { entry: entryPath } } } };
  if (!entryPath || !files.some((file) => file.path === entryPath)) return { errors: { files: { key: 'api.release.entryMissing', values: { entry: entryPath || 'none' } } } };
  if (!Array.isArray(manifest.shared) || !Array.isArray(manifest.exposes))
    return { errors: { manifest: { key: 'api.release.manifestNoModules', values: { manifest: MANIFEST_FILE } } } };
  const shared: ReleaseSharedModule[] = [];
  for (const module of manifest.shared) {
    if (typeof module.name !== 'string' || typeof module.version !== 'string') return { errors: { manifest: 'api.release.sharedModuleUnnamed' } };
    shared.push({ name: module.name, version: module.version, requiredVersion: typeof module.requiredVersion === 'string' ? module.requiredVersion : '' });
  }
  const exposes = manifest.exposes.map((expose) => expose.path).filter((path): path is string => typeof path === 'string');
  return { manifest: manifest as Record<string, unknown> & ManifestLocations, shared, exposes, entryPath };
}

/** sha384 over the sorted (path, integrity) pairs: two uploads of the same build share it. */
export function buildDigest(files: readonly Pick<BuildFile, 'path' | 'integrity'>[]): string {
  const hash = createHash('sha384');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(`${file.path}\n${file.integrity}\n`);
  return hash.digest('hex');
}
