/**
 * What the repo's docs and comments cite, read from the files themselves, so a test can check each
 * citation still points at something (docs/README.md "Docs that stay true"): a file by its path
 * from the repo root, a doc's section by its quoted heading or its number, an error code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repo's root folder. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.data', 'artifacts', 'coverage', 'profiles', 'tutorial']);
const READ_EXTENSIONS = /\.(ts|tsx|mjs|cjs|md)$/;

/** Every text file of the repo that may cite something: sources, configs and docs. */
export function citingFiles(root = REPO_ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') && entry.name !== '.dependency-cruiser.cjs') continue;
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (READ_EXTENSIONS.test(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found;
}

/** One citation found in a file, with the line it is on (for the failure message). */
export interface Citation {
  file: string;
  line: number;
  cited: string;
}

/** What of a line may cite: a doc's whole line, a source's comment (its strings are data, a test's fixtures). */
function citingPart(file: string, line: string): string {
  if (file.endsWith('.md')) return line;
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return line;
  const comment = line.indexOf(' // ');
  return comment === -1 ? '' : line.slice(comment);
}

function citationsOf(files: string[], pattern: RegExp, pick: (match: RegExpMatchArray) => string | null): Citation[] {
  const citations: Citation[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of citingPart(file, line).matchAll(pattern)) {
        const cited = pick(match);
        if (cited !== null) citations.push({ file: path.relative(REPO_ROOT, file), line: index + 1, cited });
      }
    });
  }
  return citations;
}

const PACKAGES = 'server|shared|shell|mf-landing|mf-auth|mf-dashboard|mf-account|mf-admin|tooling|platform-sim|e2e|bench|scripts|docs|deploy';
/** A path from the repo root: a package folder, then a file with an extension. */
const REPO_PATH = new RegExp(`(?<![\\w./-])((?:${PACKAGES})/[\\w./\\[\\]-]*\\.(?:tsx?|mjs|cjs|md|json|conf|html))(?![\\w/])`, 'g');

/**
 * Paths from the repo root that docs and comments name. Globs and placeholders (`<remote>`, `*`)
 * are left out, and so are a build's outputs (`dist/`): they exist only once it has run.
 */
export function citedPaths(files = citingFiles()): Citation[] {
  return citationsOf(files, REPO_PATH, (match) => {
    const cited = match[1]!;
    return /[*<>[\]]/.test(cited) || cited.includes('/dist/') ? null : cited;
  });
}

/** `docs/<DOC>.md "Heading"` or `docs/<DOC>.md section 4.1` (a comma and a heading may follow the number). */
const SECTION_CITATION = /docs\/([A-Z]+\.md)[",)]*\s+(?:section\s+([\d.]+)|"([^"]+)")/g;

/** Sections of docs that docs and comments cite, as `FILE.md#number` or `FILE.md#"heading"`. */
export function citedSections(files = citingFiles()): Citation[] {
  return citationsOf(files, SECTION_CITATION, (match) => (match[2] ? `${match[1]}#${match[2].replace(/\.$/, '')}` : `${match[1]}#"${match[3]}"`));
}

/**
 * The headings of a doc: `## 5.1 Layers` is found by "5.1" and by "Layers". A paragraph that opens
 * with its name in bold (`- **Open tabs**: ...`) is a section too: docs name rules that way.
 */
export function headingsOf(docFile: string): { numbers: Set<string>; titles: Set<string> } {
  const numbers = new Set<string>();
  const titles = new Set<string>();
  for (const line of readFileSync(path.join(REPO_ROOT, 'docs', docFile), 'utf8').split('\n')) {
    const named = line.match(/^(?:[-*]\s+)?\*\*([^*]+?)[.:,]?\*\*/);
    if (named) titles.add(named[1]!);
    const heading = line.match(/^#{1,6}\s+(?:([\d.]+)\.?\s+)?(.+?)\s*$/);
    if (!heading) continue;
    if (heading[1]) numbers.add(heading[1].replace(/\.$/, ''));
    titles.add(heading[2]!);
  }
  return { numbers, titles };
}

/** Whether a doc has the cited section. A quoted heading may be a heading's start ("Canary" for "Canary: ..."). */
export function sectionExists(citation: string): boolean {
  const [docFile, section] = citation.split('#') as [string, string];
  const { numbers, titles } = headingsOf(docFile);
  if (!section.startsWith('"')) return numbers.has(section);
  const title = section.slice(1, -1);
  return [...titles].some((heading) => heading === title || heading.startsWith(`${title}:`) || heading.startsWith(`${title} (`));
}

/** Expands `a/(b|c)/d` into `a/b/d` and `a/c/d` (every group of alternatives). */
function expandAlternatives(pattern: string): string[] {
  const group = pattern.match(/\(([^()]+)\)/);
  if (!group) return [pattern];
  return group[1]!.split('|').flatMap((choice) => expandAlternatives(pattern.replace(group[0], choice)));
}

/**
 * The server files and folders the layer rules name: ESLint's `'**' + '/http/errors.js'` patterns and
 * dependency-cruiser's `^server/src/...` paths, as paths from the repo root (a folder ends in `/`).
 * A rule naming a file that is gone no longer forbids anything.
 */
export function layerRuleTargets(): string[] {
  // The rules' groups stand above the configuration (whose ignores name build folders, not rooms).
  const eslintFile = readFileSync(path.join(REPO_ROOT, 'eslint.config.mjs'), 'utf8');
  const eslint = eslintFile.slice(0, eslintFile.indexOf('export default'));
  const fromEslint = [...eslint.matchAll(/'\*\*\/([a-zA-Z]+(?:\/[a-zA-Z]+)?(?:\.js|\/\*\*))'/g)].map(([, target]) =>
    `server/src/${target!}`.replace(/\.js$/, '.ts').replace(/\*\*$/, ''),
  );
  const cruiser = readFileSync(path.join(REPO_ROOT, '.dependency-cruiser.cjs'), 'utf8');
  const fromCruiser = [...cruiser.matchAll(/\^(server\/src\/[^'$|]*(?:\|[^'^$]*)?)(?:\$|')/g)].flatMap(([, target]) =>
    expandAlternatives(target!.replace(/\\\\\./g, '.').replace(/\|$/, '')),
  );
  return [...new Set([...fromEslint, ...fromCruiser])];
}

const isProductionSource = (name: string) => /\.(tsx?|json)$/.test(name) && !/\.test\.tsx?$/.test(name);

/** The rooms of server/src: its folders (`db/`, `locales/` of catalogs) and its root files (`main.ts`); a folder of tests alone (`hardening/`) is none. */
export function serverRooms(): string[] {
  const root = path.join(REPO_ROOT, 'server/src');
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) =>
      entry.isDirectory() ? readdirSync(path.join(root, entry.name), { recursive: true, encoding: 'utf8' }).some(isProductionSource) : isProductionSource(entry.name),
    )
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
}

/** The rooms docs/ARCHITECTURE.md section 5.1 places in a layer: each backquoted `room/` or `file.ts` at the start of its path. */
export function roomsOfLayerSection(): Set<string> {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### 5.1 Layers'), doc.indexOf('### 5.2'));
  return new Set([...section.matchAll(/`([a-zA-Z]+(?:\/|\.ts))/g)].map(([, room]) => room!));
}

/** The rooms dependency-cruiser's `server-every-file-in-a-layer` rule lets import (a file elsewhere is refused). */
export function roomsOfGraphRule(): Set<string> {
  const cruiser = readFileSync(path.join(REPO_ROOT, '.dependency-cruiser.cjs'), 'utf8');
  const rule = cruiser.slice(cruiser.indexOf("name: 'server-every-file-in-a-layer'"));
  const pathNot = rule.match(/pathNot: `([^`]*)`/)?.[1] ?? '';
  const folders = [...pathNot.matchAll(/\^server\/src\/\(([^)]+)\)\//g)].flatMap(([, names]) => names!.split('|').map((name) => `${name}/`));
  const files = [...pathNot.matchAll(/\^server\/src\/\(([^)]+)\)\\\\\.ts\$/g)].flatMap(([, names]) => names!.split('|').map((name) => `${name}.ts`));
  return new Set([...folders, ...files]);
}
