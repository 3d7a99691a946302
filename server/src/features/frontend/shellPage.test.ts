import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerConfig } from '../../config.js';
import { waitFor } from '../../../test/waitFor.js';
import { createShellPages } from './shellPage.js';

// Script tags as html-webpack-plugin writes them, minified or not.
const SCRIPTS = '<script defer="defer" src="/runtime.1a.js"></script><script defer src=/main.2b.js></script><link rel="preload" href="/262.3c.js" as="script">';
const SHELL = '<html><head>' + SCRIPTS + '</head><body><div id="root"><nav>Home</nav><div data-prerendered-outlet="" style="display:contents"></div></div></body></html>';
const LANDING = '<style>.hero{}</style><main class="hero">Find blocks</main>';

describe('the shell page with the prerendered landing page', () => {
  let root: string;
  let frontend: ServerConfig['frontend'];
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'bp-shell-page-'));
    write('shell/index.html', SHELL);
    write('mf-landing/prerender/landing.html', LANDING);
    frontend = {
      shellDir: path.join(root, 'shell'),
      remotes: [{ name: 'mf_landing', dir: path.join(root, 'mf-landing'), entry: '/remotes/mf-landing/mf-manifest.json', urlPath: '/remotes/mf-landing/' }],
      previewOrigins: [],
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const html = async (pages: ReturnType<typeof createShellPages>, pathname: string) => (await pages.pageFor(pathname))?.html.toString();

  it('fills the outlet on the landing paths, naming the remote that owns the markup', async () => {
    const pages = createShellPages(frontend);
    const expected = `<div data-prerendered-outlet="mf_landing" style="display:contents">${LANDING}</div>`;
    for (const pathname of ['/', '/invite/ABC123', '/invite/ABC123/']) assert.ok((await html(pages, pathname))?.includes(expected), pathname);
  });

  it('sends the app scripts inert and unpreloaded at / only (the page script loads them), and live on the invite path', async () => {
    const pages = createShellPages(frontend);
    const landing = (await html(pages, '/'))!;
    assert.doesNotMatch(landing, /\bdefer\b/);
    assert.doesNotMatch(landing, /preload/);
    assert.deepEqual(
      [...landing.matchAll(/<script type="application\/x-blockpilot-deferred" data-src="([^"]+)"><\/script>/g)].map(([, src]) => src),
      ['/runtime.1a.js', '/main.2b.js'],
    );
    assert.ok((await html(pages, '/invite/ABC123'))!.includes(SCRIPTS));
    assert.ok((await html(pages, '/login'))!.includes(SCRIPTS));
  });

  it("writes the configuration's public part into every page, as JSON that cannot end its element", async () => {
    const config = { supportEmail: 'help@example.test', telegramBot: { handle: '@bot</script><b>', url: 'https://t.me/bot' } };
    const pages = createShellPages(frontend, { publicConfig: async () => config });
    for (const pathname of ['/', '/login', '/dashboard']) {
      const page = (await html(pages, pathname))!;
      const [, json] = /<script type="application\/json" id="blockpilot-public-config">(.*?)<\/script><\/head>/.exec(page) ?? [];
      assert.deepEqual(JSON.parse(json!), config, pathname);
      assert.doesNotMatch(json!, /</);
    }
    // A configuration that cannot be read leaves the page as built: the browser asks the API instead.
    const failing = createShellPages(frontend, { publicConfig: async () => Promise.reject(new Error('getMe failed')) });
    assert.equal(await html(failing, '/login'), SHELL);
  });

  it('sends the plain shell page everywhere else', async () => {
    const pages = createShellPages(frontend);
    for (const pathname of ['/login', '/dashboard/logs', '/invite', '/invite/a/b', '/help']) assert.equal(await html(pages, pathname), SHELL, pathname);
  });

  it('sends the plain shell page when the remote has no prerendered page, or the shell no outlet', async () => {
    rmSync(path.join(root, 'mf-landing'), { recursive: true });
    assert.equal(await html(createShellPages(frontend), '/'), SHELL);
    write('mf-landing/prerender/landing.html', LANDING);
    write('shell/index.html', '<html><div id="root"></div></html>');
    assert.equal(await html(createShellPages(frontend), '/'), '<html><div id="root"></div></html>');
  });

  it('is null when the shell is not built', async () => {
    rmSync(path.join(root, 'shell'), { recursive: true });
    assert.equal(await createShellPages(frontend).pageFor('/'), null);
  });

  it('carries gzip and brotli forms of the same page', async () => {
    const page = (await createShellPages(frontend).pageFor('/'))!;
    assert.equal(gunzipSync(page.gzip).toString(), page.html.toString());
    assert.equal(brotliDecompressSync(page.brotli).toString(), page.html.toString());
    assert.ok(page.gzip.length < page.html.length);
  });

  it('reads a redeployed landing page once the copy it holds is a few seconds old', async () => {
    let clock = 0;
    const pages = createShellPages(frontend, { now: () => clock });
    assert.ok((await html(pages, '/'))?.includes('Find blocks'));
    write('mf-landing/prerender/landing.html', '<main>New landing</main>');
    clock = 1_000;
    assert.ok((await html(pages, '/'))?.includes('Find blocks'), 'still fresh: not read again');
    clock = 6_000;
    assert.ok((await html(pages, '/'))?.includes('Find blocks'), 'served stale while the new copy is read');
    // The new copy is read in the background: however long that takes on a loaded machine, it comes.
    await waitFor('the redeployed landing page', async () => (await html(pages, '/'))?.includes('New landing'));
  });

  it('fetches the page from where a remote is deployed, and goes without it when that origin fails', async () => {
    const requested: string[] = [];
    let answer: () => Promise<Response> = async () => new Response('<main>From the CDN</main>');
    frontend.remotes[0]!.entry = 'https://cdn.example.com/mf-landing/v2/mf-manifest.json';
    const fetchStub = (async (url: URL | string) => {
      requested.push(String(url));
      return answer();
    }) as typeof fetch;
    assert.ok((await html(createShellPages(frontend, { fetch: fetchStub }), '/'))?.includes('From the CDN'));
    assert.deepEqual(requested, ['https://cdn.example.com/mf-landing/v2/prerender/landing.html']);

    answer = async () => new Response('gone', { status: 404 });
    assert.equal(await html(createShellPages(frontend, { fetch: fetchStub }), '/'), SHELL);
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    assert.equal(await html(createShellPages(frontend, { fetch: fetchStub }), '/'), SHELL);
  });

  describe('from the landing release live on the channel', () => {
    /** A live landing release that says `page` (undefined: none live), and a way to announce a move. */
    function liveRelease(initial: string | undefined) {
      let page = initial;
      let reads = 0;
      const listeners: Array<() => void> = [];
      return {
        live: { fragment: async () => (reads++, page), onMove: (listener: () => void) => void listeners.push(listener) },
        set: (next: string | undefined) => void (page = next),
        move: () => listeners.forEach((listener) => listener()),
        reads: () => reads,
      };
    }

    it("puts the live release's page in the outlet instead of the deployed build's", async () => {
      const release = liveRelease('<main>Live release</main>');
      const page = (await html(createShellPages(frontend, { liveLanding: release.live }), '/'))!;
      assert.ok(page.includes('<div data-prerendered-outlet="mf_landing" style="display:contents"><main>Live release</main></div>'));
      assert.doesNotMatch(page, /Find blocks/);
    });

    it("reads the deployed build's page while no landing release is live, and sends the plain page when the live one has none", async () => {
      const release = liveRelease(undefined);
      assert.ok((await html(createShellPages(frontend, { liveLanding: release.live }), '/'))?.includes('Find blocks'));
      release.set('');
      assert.equal(await html(createShellPages(frontend, { liveLanding: release.live }), '/'), SHELL);
    });

    it('renders again at once when this process moves the channel, and every few seconds otherwise', async () => {
      let clock = 0;
      const release = liveRelease('<main>Release one</main>');
      const pages = createShellPages(frontend, { liveLanding: release.live, now: () => clock });
      assert.ok((await html(pages, '/'))?.includes('Release one'));
      release.set('<main>Release two</main>');
      assert.ok((await html(pages, '/'))?.includes('Release one'), 'another instance moved it: seen within seconds');
      release.move();
      assert.ok((await html(pages, '/'))?.includes('Release two'), 'this process moved it: the next page has it');
      const reads = release.reads();
      release.set('<main>Release three</main>');
      clock = 6_000;
      await html(pages, '/');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok((await html(pages, '/'))?.includes('Release three'));
      assert.equal(release.reads(), reads + 1);
    });
  });
});
