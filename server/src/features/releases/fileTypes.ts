/**
 * Which files a release may hold and how each is served (docs/RELEASES.md "Model"). A release's
 * files are served from the product's own origin, so a page among them would run with a signed-in
 * driver's storage: only the kinds of file a remote's build is made of are taken, each is served
 * as the one type its name says (never sniffed), and nothing is ever served as a page.
 */
import path from 'node:path';
import { PRERENDERED_LANDING_PATH } from '@blockpilot/shared/constants';
import type { FieldWords } from '../../domain/errors.js';

const TEXT = (type: string) => `${type}; charset=utf-8`;

/** The file name endings a remote's build is made of, each with the Content-Type it is served with. */
const SERVED_TYPES: Readonly<Record<string, string>> = {
  '.js': TEXT('text/javascript'),
  '.mjs': TEXT('text/javascript'),
  '.css': TEXT('text/css'),
  '.json': TEXT('application/json'),
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  // An SVG opened on its own could run script, but not under the sandbox every release file is sent with.
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': TEXT('text/vtt'),
  // The licence notes the bundler writes beside a chunk (`*.js.LICENSE.txt`).
  '.txt': TEXT('text/plain'),
};

/** Endings of the precompressed copies the build writes beside a file (sent only as that file's encoding). */
const PRECOMPRESSED = new Set(['.br', '.gz']);

/**
 * Headers every release file is sent with: its type is the one its name says, and were it opened
 * as a page it would get a sandboxed, unique origin with nothing allowed to load or run.
 */
export const RELEASE_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
} as const;

const ending = (filePath: string) => path.posix.extname(filePath).toLowerCase();

/** The Content-Type a release file is served with; null for a file that is kept but never served at its own URL. */
export function servedType(filePath: string): string | null {
  return SERVED_TYPES[ending(filePath)] ?? null;
}

/** Whether a release may hold the file: one of the served kinds, a precompressed copy of one, or the prerendered landing page. */
function accepted(filePath: string): boolean {
  // Read by the server into the shell's page (docs/RELEASES.md "The prerendered landing page"), never served as a page.
  if (filePath === PRERENDERED_LANDING_PATH) return true;
  if (servedType(filePath)) return true;
  return PRECOMPRESSED.has(ending(filePath)) && servedType(filePath.slice(0, -ending(filePath).length)) !== null;
}

/** The per-file refusal for the files of an upload a release may not hold; null when it may hold them all. */
export function refusedFileTypes(paths: readonly string[]): FieldWords | null {
  const refused = paths.filter((filePath) => !accepted(filePath));
  return refused.length ? { files: { key: 'api.release.fileTypeRefused', values: { files: refused.join(', '), prerendered: PRERENDERED_LANDING_PATH } } } : null;
}
