import { acceptFromNotification, notificationOf, servedFromCache } from './policy';

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

  /** A response as the worker reads it: its JSON body. */
  const answer = (body: unknown) => ({ json: async () => body });

  describe('an offered block\'s Accept action (docs/PRODUCT.md "Notify-only filters")', () => {
    const offered = {
      title: 'Block to accept: Tue',
      body: 'When: Tue',
      url: 'https://app.example/acceptOffer/tok',
      tag: 'offered',
      accept: { action: 'accept', title: 'Accept', token: 'tok', endpoint: '/api/offers/acceptOffered' },
    };

    it('shows an Accept action and keeps the token for it; a malformed one or one posting elsewhere shows none', () => {
      const shown = notificationOf(offered, ORIGIN);
      expect(shown.options.actions).toEqual([{ action: 'accept', title: 'Accept' }]);
      expect(shown.options.data.accept).toEqual({ token: 'tok', endpoint: '/api/offers/acceptOffered' });
      for (const accept of [{ ...offered.accept, endpoint: 'https://evil.example/steal' }, { ...offered.accept, token: '' }, 'accept']) {
        const other = notificationOf({ ...offered, accept }, ORIGIN);
        expect(other.options.actions).toBeUndefined();
        expect(other.options.data.accept).toBeUndefined();
      }
    });

    it("posts the token to the one-tap accept of this origin and shows the answer in the server's words", async () => {
      const post = jest.fn(async (_url: string, _init: RequestInit) => answer({ code: 'BP_ERR_OFFER_TAKEN', alert: 'Taken by another driver.' }));
      const shown = await acceptFromNotification({ token: 'tok', endpoint: '/api/offers/acceptOffered' }, ORIGIN, post);
      expect(post).toHaveBeenCalledWith('https://app.example/api/offers/acceptOffered', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok' }) }));
      expect(shown).toMatchObject({ title: 'BlockPilot', options: { body: 'Taken by another driver.' } });
      const booked = await acceptFromNotification({ token: 'tok', endpoint: '/api/offers/acceptOffered' }, ORIGIN, async () => answer({ data: {}, alert: 'Block accepted.' }));
      expect(booked.options.body).toBe('Block accepted.');
    });

    it("says it could not accept when the server cannot be reached, in the browser's language", async () => {
      const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
      expect((await acceptFromNotification({ token: 'tok', endpoint: '/api/x' }, ORIGIN, offline)).options.body).toBe('Could not accept the block. Open BlockPilot to try again.');
      expect((await acceptFromNotification({ token: 'tok', endpoint: '/api/x' }, ORIGIN, offline, 'es')).options.body).toBe(
        'No se pudo aceptar el bloque. Abre BlockPilot para intentarlo de nuevo.',
      );
    });
  });
});
