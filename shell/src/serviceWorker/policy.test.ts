import { notificationOf, servedFromCache } from './policy';

const ORIGIN = 'https://app.example';
const SHELL_FILES = new Set(['/main.1a2b3c4d.js', '/assets/poppins-latin-400.0f1e2d3c.woff2', '/remotes/mf-dashboard/main.aaaaaaaa.js']);
const get = (path: string, origin = ORIGIN) => ({ method: 'GET', url: `${origin}${path}` });

describe('the service worker', () => {
  it("answers from its cache only GETs of the shell's own content-hashed files", () => {
    expect(servedFromCache(get('/main.1a2b3c4d.js'), ORIGIN, SHELL_FILES)).toBe(true);
    expect(servedFromCache(get('/assets/poppins-latin-400.0f1e2d3c.woff2'), ORIGIN, SHELL_FILES)).toBe(true);
    expect(servedFromCache({ method: 'POST', url: `${ORIGIN}/main.1a2b3c4d.js` }, ORIGIN, SHELL_FILES)).toBe(false);
    expect(servedFromCache(get('/main.1a2b3c4d.js?v=2'), ORIGIN, SHELL_FILES)).toBe(false);
    expect(servedFromCache(get('/main.1a2b3c4d.js', 'https://cdn.example'), ORIGIN, SHELL_FILES)).toBe(false);
    expect(servedFromCache(get('/other.5e6f7a8b.js'), ORIGIN, SHELL_FILES)).toBe(false);
  });

  it('never answers a remote, the remote list, a release file, a page or the API, even if a list named one', () => {
    const everything = new Set([
      '/remotes/mf-dashboard/main.aaaaaaaa.js',
      '/remotes/mf-dashboard/mf-manifest.json',
      '/remotes.json',
      '/releases/mf-auth/1.0.0/remoteEntry.js',
      '/',
      '/dashboard',
      '/api/user',
    ]);
    for (const path of everything) expect(servedFromCache(get(path), ORIGIN, everything)).toBe(false);
    expect(servedFromCache(get('/remotes/mf-dashboard/main.aaaaaaaa.js'), ORIGIN, SHELL_FILES)).toBe(false);
  });

  it("shows a push as the server sent it, opening only this app's pages on a tap", () => {
    expect(notificationOf({ title: 'Block accepted: Tue', body: 'When: Tue', url: 'https://app.example/dashboard/logs', tag: 'accepted' }, ORIGIN)).toEqual({
      title: 'Block accepted: Tue',
      options: { body: 'When: Tue', tag: 'accepted', icon: '/icons/icon-192.png', badge: '/icons/badge-72.png', data: { url: 'https://app.example/dashboard/logs' } },
    });
    expect(notificationOf({ title: 'x', url: 'https://evil.example/phish' }, ORIGIN).options.data.url).toBe('https://app.example/dashboard');
    expect(notificationOf(null, ORIGIN)).toMatchObject({
      title: 'BlockPilot',
      options: { body: 'Open BlockPilot to see what happened.', data: { url: 'https://app.example/dashboard' } },
    });
    // Its one text of its own follows the browser's language.
    expect(notificationOf({}, ORIGIN, 'es').options.body).toBe('Abre BlockPilot para ver qué pasó.');
  });
});
