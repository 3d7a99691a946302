/**
 * The shell's page as the server sends it. On the landing paths (`/`, `/invite/{code}`) the
 * landing remote's prerendered page goes into the shell's outlet, so a visitor's phone paints the
 * landing page from the HTML alone, before any script. The prerendered page is the one of the
 * landing release live on the deployment's channel (docs/RELEASES.md "The prerendered landing
 * page"), so it is the page the live remote then renders; while the channel has no landing
 * release, it is read where the remote is deployed (its folder, or its origin when its manifest
 * URL points elsewhere). Both parts are kept for a few seconds, so a redeployed shell or remote
 * shows without a restart, and a channel move this process makes is read at once. Without a
 * prerendered page (a build without one, one that fails its integrity check, its origin down) the
 * plain shell page goes out and the remote renders the landing page in the browser.
 *
 * At `/` itself the app's scripts go out inert, without their preloads: the page's inline script
 * loads them on the visitor's first sign of intent (shared/src/pageScript.ts). `/invite/{code}`
 * boots at once, as it has a code to store.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { PRERENDER_OUTLET_ATTRIBUTE, PRERENDERED_LANDING_PATH, PUBLIC_CONFIG_ELEMENT_ID } from '@blockpilot/shared/constants';
import type { PublicConfig } from '@blockpilot/shared/types';
import { DEFERRED_SCRIPT_TYPE } from '@blockpilot/shared/pageScript';
import type { HostedRemote, ServerConfig } from '../../config.js';

/** Paths whose page is the landing page for a visitor (docs/PRODUCT.md section 2). */
const LANDING_PATHS = /^\/(?:invite\/[^/]+\/?)?$/;
/** The remote that owns the landing page. */
export const LANDING_REMOTE = 'mf_landing';
/** How long a read of the shell or of the prerendered page is used before it is read again. */
const FRESH_MS = 5_000;
/** A remote origin that does not answer in this time is skipped: the page goes out without it. */
const FETCH_TIMEOUT_MS = 2_000;
/** The landing page proper, whose scripts wait for the visitor. */
const DEFERRED_BOOT_PATH = '/';
/** The app's script tags as html-webpack-plugin writes them (minified: quotes may be gone). */
const APP_SCRIPT = /<script defer(?:="?defer"?)? src="?([^" >]+)"?><\/script>/g;
/** The shell's preloads of its first-load chunks (shell/scripts/prerender.tsx writes them so). */
const APP_PRELOAD = /<link rel="preload" href="[^"]+\.js" as="script"[^>]*>/g;
/** The empty outlet the shell's build leaves in its page. */
const EMPTY_OUTLET = new RegExp(`<div ${PRERENDER_OUTLET_ATTRIBUTE}=""([^>]*)></div>`);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One version of a page, with its compressed forms worked out once. */
export interface ShellPageBody {
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** A text to read; null when it cannot be read now (the last value read is kept). */
type Source = () => Promise<string | null>;

/**
 * A text read from disk or the network, re-read when older than {@link FRESH_MS}. A stale value
 * is served while the next read runs, so a slow remote origin never holds a page up twice.
 * `refresh` makes the next call wait for a new read (a read begun before it is not used).
 */
function freshEvery(load: Source, now: () => number): Source & { refresh(): void } {
  let value: string | null = null;
  let readAt = -Infinity;
  let reading: Promise<string | null> | null = null;
  let generation = 0;
  const read = (): Promise<string | null> => {
    if (reading) return reading;
    const started = generation;
    const current: Promise<string | null> = load()
      .catch(() => null)
      .then((next) => {
        if (reading === current) reading = null;
        if (started !== generation) return read();
        value = next ?? value;
        readAt = now();
        return value;
      });
    reading = current;
    return current;
  };
  const source = async () => {
    if (readAt === -Infinity) return read();
    if (now() - readAt > FRESH_MS) void read();
    return value;
  };
  return Object.assign(source, {
    refresh() {
      generation += 1;
      readAt = -Infinity;
      reading = null;
    },
  });
}

const readIfExists = async (file: string) => {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
};

/** Where the landing remote's prerendered page lives: beside its manifest, wherever that is deployed. */
function prerenderedLandingSource(remote: HostedRemote, fetchText: typeof fetch): Source {
  if (!/^https?:\/\//i.test(remote.entry)) return () => readIfExists(path.join(remote.dir, PRERENDERED_LANDING_PATH));
  const url = new URL(PRERENDERED_LANDING_PATH, remote.entry);
  return async () => {
    const response = await fetchText(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    return response.ok ? response.text() : null;
  };
}

async function compressed(html: string): Promise<ShellPageBody> {
  const buffer = Buffer.from(html);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(buffer, { level: 9 }),
    brotliAsync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
  ]);
  return { html: buffer, gzip: gzipped, brotli };
}

export interface ShellPages {
  /** The page for this path, or null when the shell is not built. */
  pageFor(pathname: string): Promise<ShellPageBody | null>;
}

/** The configuration's public part as a JSON element of the page (`<` escaped: it cannot end the element). */
export function publicConfigElement(config: PublicConfig): string {
  return `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The landing release live on the deployment's channel (features/frontend/liveLanding.ts): its
 * prerendered page, and word of this process's channel moves.
 */
export interface LiveLanding {
  /** Its prerendered page; '' when the live release has none (or it fails its check); undefined when no landing release is live. */
  fragment(): Promise<string | undefined>;
  /** Calls `listener` when this process moved the channel's landing release. */
  onMove(listener: () => void): void;
}

export function createShellPages(
  frontend: ServerConfig['frontend'],
  options: { fetch?: typeof fetch; now?: () => number; publicConfig?: () => Promise<PublicConfig>; liveLanding?: LiveLanding } = {},
): ShellPages {
  const now = options.now ?? Date.now;
  // Written into every page, so no page asks for it (the landing page would load the API client
  // for it alone); read again with the page, so a changed bot name shows within seconds.
  const readPublicConfig = options.publicConfig;
  const configElement = readPublicConfig ? freshEvery(async () => publicConfigElement(await readPublicConfig()), now) : async () => '';
  const shell = freshEvery(() => readIfExists(path.join(frontend.shellDir, 'index.html')), now);
  const landingRemote = frontend.remotes.find((remote) => remote.name === LANDING_REMOTE);
  const deployed: Source = landingRemote ? prerenderedLandingSource(landingRemote, options.fetch ?? fetch) : async () => null;
  const { liveLanding } = options;
  const landing = freshEvery(liveLanding ? async () => (await liveLanding.fragment()) ?? deployed() : deployed, now);
  liveLanding?.onMove(() => landing.refresh());
  // The last page built of each kind, with the inputs it was built from: composing and compressing
  // it again per request would cost more than sending it. The inputs stay the same string objects
  // until re-read, so comparing them is cheap.
  const built = new Map<string, { from: string[]; body: Promise<ShellPageBody> }>();

  const body = (kind: string, from: string[], compose: () => string) => {
    const cached = built.get(kind);
    if (cached && cached.from.every((input, i) => input === from[i])) return cached.body;
    const next = compressed(compose());
    built.set(kind, { from, body: next });
    return next;
  };
  const withConfig = (page: string, config: string) => (config ? page.replace('</head>', () => `${config}</head>`) : page);
  const withLanding = (page: string, fragment: string) =>
    page.replace(EMPTY_OUTLET, (_match, rest: string) => `<div ${PRERENDER_OUTLET_ATTRIBUTE}="${LANDING_REMOTE}"${rest}>${fragment}</div>`);
  const inert = (page: string) => page.replace(APP_PRELOAD, '').replace(APP_SCRIPT, (_tag, src: string) => `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="${src}"></script>`);

  return {
    async pageFor(pathname) {
      const page = await shell();
      if (page === null) return null;
      // An input of every page, like the page itself: the cache below compares them.
      const config = (await configElement()) ?? '';
      const plain = () => body('plain', [page, config], () => withConfig(page, config));
      if (!LANDING_PATHS.test(pathname)) return plain();
      const fragment = await landing();
      if (!fragment || !EMPTY_OUTLET.test(page)) return plain();
      if (pathname !== DEFERRED_BOOT_PATH) return body('invite', [page, config, fragment], () => withConfig(withLanding(page, fragment), config));
      return body('landing', [page, config, fragment], () => inert(withConfig(withLanding(page, fragment), config)));
    },
  };
}
