/**
 * Where a build's manifest sends browsers (docs/RELEASES.md "Model"). The federation runtime
 * loads a remote's entry and every chunk from `metaData.publicPath` followed by the name the
 * manifest gives: a publicPath on another origin, or a name that climbs out of the release's
 * folder, would have browsers run code the registry never checked. So a release's manifest must
 * say "auto" (the folder the manifest is read from) or that very folder, and name every file as a
 * plain path inside it. Pure: the registry refuses what this finds.
 */
import type { FieldWords } from '../../domain/errors.js';
import type { Words } from '../../domain/translate.js';

type Assets = { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown; async?: unknown } };

/** The parts of an mf-manifest.json that name files, as the federation runtime reads them. */
export interface ManifestLocations {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: Assets }>;
  shared?: Array<{ name?: unknown; assets?: Assets }>;
  remotes?: unknown;
}

/** A file the manifest names, and where it names it (`exposes ./App`, `shared react`). */
export interface NamedFile {
  name: string;
  where: string;
}

const namesIn = (assets: Assets | undefined): unknown[] =>
  [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async].flatMap((list) => (Array.isArray(list) ? list : []));

/** The JavaScript an expose loads before it runs (its `sync` assets), in the manifest's order. */
export function syncScriptsOf(manifest: ManifestLocations, exposePath: string): string[] {
  const expose = manifest.exposes?.find((candidate) => candidate.path === exposePath);
  const sync = expose?.assets?.js?.sync;
  return Array.isArray(sync) ? sync.filter((name): name is string => typeof name === 'string') : [];
}

/** Every chunk and stylesheet the manifest names for its exposes and shared modules (the remote entry is build.ts's). */
export function namedFiles(manifest: ManifestLocations): NamedFile[] {
  const named: NamedFile[] = [];
  for (const expose of manifest.exposes ?? []) for (const name of namesIn(expose.assets)) named.push({ name: String(name), where: `exposes ${String(expose.path)}` });
  for (const module of manifest.shared ?? []) for (const name of namesIn(module.assets)) named.push({ name: String(name), where: `shared ${String(module.name)}` });
  return named;
}

/**
 * Whether a name stays inside the folder it is appended to: a plain relative path, with no scheme,
 * no leading slash, no `.` or `..` segment, no backslash, query or fragment.
 */
export function isPlainRelativePath(name: string): boolean {
  if (!name || /[\\?#]/.test(name) || name.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const problem = (words: Words): FieldWords => ({ manifest: words });

/**
 * The refusal, under `manifest`, of a manifest that would send browsers outside `folder` (the
 * release's own folder: `/releases/<remote>/<version>/`, or where a hosted build's manifest is);
 * null when it sends them nowhere else. With `files`, each file it names must be one of them.
 */
export function misplacedNames(manifest: ManifestLocations, folder: string, files?: ReadonlySet<string>): FieldWords | null {
  const publicPath = manifest.metaData?.publicPath;
  // 'auto' (or '') is the folder the manifest was read from; no publicPath at all would have the runtime run `getPublicPath` code.
  if (typeof publicPath !== 'string' || (publicPath !== 'auto' && publicPath !== '' && publicPath !== folder))
    return problem({ key: 'api.release.foreignPublicPath', values: { publicPath: String(publicPath ?? 'none'), folder } });
  if (Array.isArray(manifest.remotes) && manifest.remotes.length) return problem('api.release.manifestLoadsRemotes');
  for (const { name, where } of namedFiles(manifest)) {
    if (!isPlainRelativePath(name)) return problem({ key: 'api.release.nameOutsideRelease', values: { name, where, folder } });
    if (files && !files.has(name)) return problem({ key: 'api.release.namedFileMissing', values: { name, where } });
  }
  return null;
}
