/**
 * The page's inline script, run as the browser runs it, on a fresh document per test holding the
 * app's script tags as the server sends them.
 */
import {
  EARLY_GETS,
  EARLY_REQUESTS_GLOBAL,
  EARLY_STOP_PATH,
  PRERENDERED_LANGUAGE_ATTRIBUTE,
  PREVIEW_OVERRIDE_KEY,
  RELEASE_PREVIEW_KEY,
  REMOTE_LIST_PATH,
  STORAGE_KEYS,
} from './constants';
import { BOOT_PENDING_CLICK, BOOT_PENDING_HREF, BOOT_STATE, DEFERRED_SCRIPT_TYPE, LOCALIZING, PAGE_SCRIPT } from './pageScript';
import { PAGE_STYLE } from './pageStyle';
import { EARLY_SEARCH_STATE, EARLY_STOP, EARLY_STOP_ATTRIBUTE, searchStateOf } from './searchState';

const ORIGIN = 'https://blockpilot.test';
const INERT = ['/runtime.js', '/main.js'].map((src) => `<script type="${DEFERRED_SCRIPT_TYPE}" data-src="${src}"></script>`).join('');
const LIVE = '<script defer src="/main.js"></script>';
const LANDING =
  '<a href="/register">Try free</a><a href="/terms" target="_blank">Terms</a><a href="mailto:help@blockpilot.app">Mail</a>' +
  '<a href="https://elsewhere.test/x">Elsewhere</a><a href="#faq">FAQ</a><button id="nav-menu-button"><span>Menu</span></button><button>Anonymous</button>';

interface Page {
  doc: Document;
  /** The scripts the page script asked the browser to load, in order. */
  loaded(): (string | null)[];
  /** What the page script asked the browser to preload. */
  preloaded(): (string | null)[];
  data: DOMStringMap;
  click(text: string, init?: MouseEventInit): MouseEvent;
  /** The page's window: what the script left on it, and the requests it sent (`fetch` calls). */
  window: Record<string, unknown> & { fetch: jest.Mock };
}

function openPage({
  head = INERT,
  body = LANDING,
  signedIn = false,
  readyState = 'complete',
  search = '',
  previewStored = false,
  releasePreviewStored = false,
  stored = {} as Record<string, string>,
  browserLanguages = ['en-US'],
  answers = {} as Record<string, { status: number; body?: unknown }>,
} = {}): Page {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML = `<base href="${ORIGIN}/">${head}`;
  doc.body.innerHTML = body;
  Object.defineProperty(doc, 'readyState', { value: readyState, configurable: true, writable: true });
  const storage = new Map<string, string>([...(signedIn ? [[STORAGE_KEYS.accessToken, 'a-token'] as const] : []), ...Object.entries(stored)]);
  const localStorage = { getItem: (key: string) => storage.get(key) ?? null };
  const session = new Map<string, string>([
    ...(previewStored ? [[PREVIEW_OVERRIDE_KEY, 'mf_landing@https://staging.test/mf-manifest.json'] as const] : []),
    ...(releasePreviewStored ? [[RELEASE_PREVIEW_KEY, 'v1:sealed-link'] as const] : []),
  ]);
  const sessionStorage = { getItem: (key: string) => session.get(key) ?? null };
  // The script's globals, given to it as the browser would.
  // Each path's answer: `answers[path]`, else a 200 with an empty body.
  const answer = (path: string) => {
    const { status, body = {} } = answers[path] ?? { status: 200 };
    return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response);
  };
  const window = { fetch: jest.fn(answer), navigator: { languages: browserLanguages } };
  new Function('document', 'window', 'localStorage', 'sessionStorage', 'location', PAGE_SCRIPT)(doc, window, localStorage, sessionStorage, new URL(`${ORIGIN}/${search}`));
  const byText = (text: string) => [...doc.body.querySelectorAll('a, button, span')].find((e) => e.textContent === text)!;
  return {
    doc,
    loaded: () => [...doc.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
    preloaded: () => [...doc.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href')),
    data: doc.documentElement.dataset,
    window,
    click(text, init = {}) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      byText(text).dispatchEvent(event);
      return event;
    },
  };
}

const intents: [string, (doc: Document) => void][] = [
  ['pointerdown', (doc) => doc.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
  ['touchstart', (doc) => doc.body.dispatchEvent(new Event('touchstart', { bubbles: true }))],
  ['keydown', (doc) => doc.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }))],
  ['focusin', (doc) => doc.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))],
  ['wheel', (doc) => doc.body.dispatchEvent(new Event('wheel', { bubbles: true }))],
];

describe("the page script on a visitor's landing page", () => {
  it('loads no script while the visitor only reads, and asks the API for nothing', () => {
    const page = openPage();
    expect(page.window.fetch).not.toHaveBeenCalled();
    expect(page.window[EARLY_REQUESTS_GLOBAL]).toBeUndefined();
    page.doc.body.dispatchEvent(new Event('scroll', { bubbles: true }));
    expect(page.loaded()).toEqual([]);
    expect(page.data[BOOT_STATE]).toBeUndefined();
    expect(page.data.session).toBeUndefined();
  });

  it.each(intents)('loads the app scripts, once and in order, on the first %s', (_name, intent) => {
    const page = openPage();
    intent(page.doc);
    intent(page.doc);
    expect(page.loaded()).toEqual(['/runtime.js', '/main.js']);
    expect(page.data[BOOT_STATE]).toBe('loading');
    // In order: the runtime before the code that needs it.
    expect([...page.doc.head.querySelectorAll<HTMLScriptElement>('script[src]')].every((s) => s.async === false)).toBe(true);
  });

  it('holds a click on an in-app link for the shell, instead of leaving the page', () => {
    const page = openPage();
    const event = page.click('Try free');
    expect(event.defaultPrevented).toBe(true);
    expect(page.data[BOOT_PENDING_HREF]).toBe('/register');
    expect(page.loaded()).toEqual(['/runtime.js', '/main.js']);
  });

  it('holds a click on a button with an id (the menu) by that id', () => {
    const page = openPage();
    expect(page.click('Menu').defaultPrevented).toBe(true);
    expect(page.data[BOOT_PENDING_CLICK]).toBe('nav-menu-button');
  });

  it.each([
    ['a link to another site', 'Elsewhere', {}],
    ['an e-mail link', 'Mail', {}],
    ['a link that opens a new tab', 'Terms', {}],
    ['a jump within the page', 'FAQ', {}],
    ['a ctrl-click', 'Try free', { ctrlKey: true }],
    ['a button without an id', 'Anonymous', {}],
  ])('leaves %s to the browser', (_name, text, init) => {
    const page = openPage();
    expect(page.click(text, init).defaultPrevented).toBe(false);
    expect(page.data[BOOT_PENDING_HREF]).toBeUndefined();
    expect(page.data[BOOT_PENDING_CLICK]).toBeUndefined();
  });

  it('stops holding clicks once the shell says it has booted', () => {
    const page = openPage();
    page.doc.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    page.data[BOOT_STATE] = 'done';
    expect(page.click('Try free').defaultPrevented).toBe(false);
    expect(page.data[BOOT_PENDING_HREF]).toBeUndefined();
  });
});

describe('the page script for a signed-in driver', () => {
  it('asks for the remote list, the account and the search state at once, with the stored token, and leaves them for the app', async () => {
    const page = openPage({ signedIn: true, readyState: 'loading' });
    expect(page.window.fetch.mock.calls).toEqual(Object.values(EARLY_GETS).map((path) => [path, { headers: { Authorization: 'Bearer a-token' } }]));
    const early = page.window[EARLY_REQUESTS_GLOBAL] as { token: string; responses: Record<string, Promise<unknown>> };
    expect(early.token).toBe('a-token');
    expect(Object.keys(early.responses)).toEqual(['remoteList', 'account', 'searchStatus']);
    // Each answer is read at once (an unread one would keep its request open).
    await expect(early.responses.account).resolves.toEqual({ ok: true, body: {} });
  });

  it('leaves the remote list to the shell in a tab holding a release-preview link (that request carries the link)', () => {
    const page = openPage({ signedIn: true, releasePreviewStored: true });
    expect(page.window.fetch.mock.calls.map(([path]) => path)).toEqual([EARLY_GETS.account, EARLY_GETS.searchStatus]);
  });

  it("marks the page (the style hides the visitor's page) and loads the app at once", () => {
    const page = openPage({ signedIn: true });
    expect(page.data.session).toBe('signed-in');
    expect(page.loaded()).toEqual(['/runtime.js', '/main.js']);
  });

  describe('says on the page what the search is doing, from the early answers (docs/FRONTEND.md "Cold start")', () => {
    const connected = { status: 200, body: { data: { flexConnected: true } } };
    const statuses = [false, true].flatMap((searching) =>
      [null, 'credit' as const].flatMap((pausedFor) => [false, true].map((noEligibleStation) => ({ searching, pausedFor, noEligibleStation }))),
    );
    /** The state on `<html>` once the early answers have been read. */
    async function stateShown(answers: Record<string, { status: number; body?: unknown }>) {
      const page = openPage({ signedIn: true, answers });
      const early = page.window[EARLY_REQUESTS_GLOBAL] as { responses: Record<string, Promise<unknown>> };
      await Promise.all(Object.values(early.responses));
      await new Promise((resolve) => setTimeout(resolve, 0));
      return page.data[EARLY_SEARCH_STATE];
    }

    it.each(statuses)('as the dashboard says it (searchStateOf): %o', async (status) => {
      expect(await stateShown({ [EARLY_GETS.account]: connected, [EARLY_GETS.searchStatus]: { status: 200, body: { data: status } } })).toBe(searchStateOf(status));
    });

    it('says nothing for a driver whose platform account is not connected (the dashboard asks them to connect it)', async () => {
      const notConnected = { status: 200, body: { data: { flexConnected: false } } };
      expect(await stateShown({ [EARLY_GETS.account]: notConnected, [EARLY_GETS.searchStatus]: { status: 200, body: { data: statuses[0] } } })).toBeUndefined();
    });

    it('says nothing when either answer was a refusal (the app asks again, and signs a revoked token out)', async () => {
      const stopped = { status: 200, body: { data: statuses[0] } };
      expect(await stateShown({ [EARLY_GETS.account]: { status: 401 }, [EARLY_GETS.searchStatus]: stopped })).toBeUndefined();
      expect(await stateShown({ [EARLY_GETS.account]: connected, [EARLY_GETS.searchStatus]: { status: 503 } })).toBeUndefined();
    });
  });

  describe("stops the search from the signed-in frame's Stop before the app's code has arrived", () => {
    const FRAME = `<div><span>System Started</span><button type="button" ${EARLY_STOP_ATTRIBUTE}="">Stop searching</button></div>`;
    const running = {
      [EARLY_GETS.account]: { status: 200, body: { data: { flexConnected: true } } },
      [EARLY_GETS.searchStatus]: { status: 200, body: { data: { searching: true, pausedFor: null, noEligibleStation: false } } },
    };
    /** Settles the script's promises (the stop's request and what follows its answer). */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('sends the stop with the stored token, says the search is stopped, and drops the stale early state for the app to ask again', async () => {
      const page = openPage({ signedIn: true, body: FRAME, answers: running });
      await settle();
      expect(page.data[EARLY_SEARCH_STATE]).toBe('started');
      const event = page.click('Stop searching');
      expect(event.defaultPrevented).toBe(true);
      expect(page.data[EARLY_STOP]).toBe('pending');
      const [path, init] = page.window.fetch.mock.calls.at(-1)!;
      expect(path).toBe(EARLY_STOP_PATH);
      expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer a-token', 'Content-Type': 'application/json' } });
      expect(JSON.parse(init.body)).toEqual({ timezoneOffset: new Date().getTimezoneOffset(), searching: false });
      await settle();
      expect(page.data[EARLY_SEARCH_STATE]).toBe('stopped');
      expect(page.data[EARLY_STOP]).toBe('done');
      expect(Object.keys((page.window[EARLY_REQUESTS_GLOBAL] as { responses: object }).responses)).not.toContain('searchStatus');
    });

    it('sends one stop for taps while it is under way, and keeps the state shown when the server refuses it', async () => {
      const page = openPage({ signedIn: true, body: FRAME, answers: { ...running, [EARLY_STOP_PATH]: { status: 503 } } });
      await settle();
      page.click('Stop searching');
      page.click('Stop searching');
      expect(page.window.fetch.mock.calls.filter(([path]) => path === EARLY_STOP_PATH)).toHaveLength(1);
      await settle();
      expect(page.data[EARLY_STOP]).toBe('failed');
      expect(page.data[EARLY_SEARCH_STATE]).toBe('started');
    });

    it('marks <html> with names no rule of the page style hides (the page would go blank)', async () => {
      const page = openPage({ signedIn: true, body: FRAME, answers: running });
      await settle();
      page.click('Stop searching');
      await settle();
      const marks = Object.keys(page.data).map((key) => `[data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`);
      const hidden = [...PAGE_STYLE.matchAll(/(?:^|})([^{}]+)\{display:none/g)].flatMap(([, selectors]) => selectors!.split(','));
      expect(marks).toEqual(expect.arrayContaining(['[data-session]', '[data-search-state]']));
      expect(marks.filter((mark) => hidden.includes(mark))).toEqual([]);
    });

    it('leaves the Stop to the app once the shell has booted', () => {
      const page = openPage({ signedIn: true, body: FRAME, answers: running });
      page.data[BOOT_STATE] = 'done';
      expect(page.click('Stop searching').defaultPrevented).toBe(false);
      expect(page.window.fetch.mock.calls.map(([path]) => path)).not.toContain(EARLY_STOP_PATH);
    });
  });

  it('waits for the page to be parsed before loading the app, if it is not yet', () => {
    const page = openPage({ signedIn: true, readyState: 'loading' });
    expect(page.loaded()).toEqual([]);
    page.doc.dispatchEvent(new Event('DOMContentLoaded'));
    expect(page.loaded()).toEqual(['/runtime.js', '/main.js']);
  });
});

describe('the page script for an operator previewing a remote from staging', () => {
  it.each([
    ['asked for in the URL', { search: `?utm_source=x&${PREVIEW_OVERRIDE_KEY}=mf_landing@https://staging.test/mf-manifest.json` }],
    ['remembered for the tab', { previewStored: true }],
  ])("loads the app at once when the preview is %s (the static page is production's)", (_name, options) => {
    const page = openPage(options);
    expect(page.loaded()).toEqual(['/runtime.js', '/main.js']);
    expect(page.data.session).toBeUndefined();
  });

  it('waits for intent on any other query', () => {
    expect(openPage({ search: '?utm_source=flyer' }).loaded()).toEqual([]);
  });
});

describe('the page script for a tab holding a signed release-preview link', () => {
  it.each([
    ['opened from the link', { search: `?${RELEASE_PREVIEW_KEY}=v1:sealed-link` }],
    ['remembered for the tab', { releasePreviewStored: true }],
  ])("loads the app at once when the link is %s (the static page is production's)", (_name, options) => {
    expect(openPage(options).loaded()).toEqual(['/runtime.js', '/main.js']);
  });
});

describe('the preload of the remote list', () => {
  it.each([
    ["a visitor's landing page", { head: INERT }],
    ["a visitor's other pages", { head: LIVE }],
    ['a visitor previewing from an allow-listed origin', { search: `?${PREVIEW_OVERRIDE_KEY}=mf_landing@https://staging.test/mf-manifest.json` }],
  ])('is made on %s, whose shell asks for the plain list', (_name, options) => {
    const preload = [...openPage(options).doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preload.map((l) => [l.getAttribute('href'), l.as, l.crossOrigin])).toEqual([[REMOTE_LIST_PATH, 'fetch', 'anonymous']]);
  });

  // A browser hands a preload to the first fetch of its URL whatever headers that fetch sends:
  // the driver's canary or the tab's preview would be answered with the visitor's list.
  it.each([
    ['a signed-in driver', { signedIn: true }],
    ['a signed-in driver on any other page', { signedIn: true, head: LIVE }],
    ['a tab opened from a release-preview link', { search: `?${RELEASE_PREVIEW_KEY}=v1:sealed-link` }],
    ['a tab holding a release-preview link', { releasePreviewStored: true, head: LIVE }],
  ])("is not made for %s, whose list depends on the request's headers", (_name, options) => {
    expect(openPage(options).preloaded()).toEqual([]);
  });
});

describe('the page script on every other page', () => {
  it.each([false, true])("leaves the browser's own script tags alone (signed in: %s)", (signedIn) => {
    const page = openPage({ head: LIVE, signedIn });
    intents.forEach(([, intent]) => intent(page.doc));
    expect(page.loaded()).toEqual(['/main.js']);
    expect(page.data[BOOT_STATE]).toBeUndefined();
    expect(page.click('Try free').defaultPrevented).toBe(false);
  });
});

describe('the page script and the page\'s language (docs/FRONTEND.md, "Languages")', () => {
  const A = PRERENDERED_LANGUAGE_ATTRIBUTE;
  /** A prerendered part as the build writes it: styles, the English copy, the Spanish one in a template. */
  const LOCALIZED =
    `<style>.x{}</style><div ${A}="" style="display:contents"><h1 id="hero">Never miss a block again</h1></div>` +
    `<template ${A}="es" data-title="BlockPilot: búsqueda automática"><h1 id="hero">No vuelvas a perder un bloque</h1></template>` +
    `<div ${A}="" style="display:contents"><a href="/login">Login</a></div><template ${A}="es"><a href="/login">Iniciar sesión</a></template>`;
  const shown = (page: Page) => [...page.doc.body.querySelectorAll('h1, a')].map((element) => element.textContent);

  it("shows a visitor whose browser prefers Spanish the Spanish copies, with the page's lang and title", () => {
    const page = openPage({ head: `<title>BlockPilot</title>${INERT}`, body: LOCALIZED, browserLanguages: ['es-MX', 'en'] });
    expect(page.doc.documentElement.lang).toBe('es');
    expect(shown(page)).toEqual(['No vuelvas a perder un bloque', 'Iniciar sesión']);
    expect(page.doc.title).toBe('BlockPilot: búsqueda automática');
    expect(page.doc.querySelectorAll('h1')).toHaveLength(1);
    expect(page.data[LOCALIZING]).toBeUndefined();
  });

  it('keeps English for an English browser, a language the app does not speak, or a choice of English made on this browser', () => {
    for (const options of [{ browserLanguages: ['en-GB'] }, { browserLanguages: ['fr-FR', 'de'] }, { browserLanguages: ['es-ES'], stored: { [STORAGE_KEYS.language]: '"en"' } }]) {
      const page = openPage({ head: `<title>BlockPilot</title>${INERT}`, body: LOCALIZED, ...options });
      expect(page.doc.documentElement.lang).toBe('en');
      expect(shown(page)).toEqual(['Never miss a block again', 'Login']);
      expect(page.doc.title).toBe('BlockPilot');
    }
  });

  it("follows the stored account's language when nothing was chosen on this browser, and survives storage it cannot read", () => {
    const page = openPage({ body: LOCALIZED, signedIn: true, stored: { [STORAGE_KEYS.account]: JSON.stringify({ language: 'es' }) } });
    expect(page.doc.documentElement.lang).toBe('es');
    expect(shown(page)).toEqual(['No vuelvas a perder un bloque', 'Iniciar sesión']);
    const broken = openPage({ body: LOCALIZED, stored: { [STORAGE_KEYS.language]: '{not json', [STORAGE_KEYS.account]: 'null' }, browserLanguages: ['es'] });
    expect(broken.doc.documentElement.lang).toBe('es');
  });

  it('keeps the English copies hidden (by the style) while the page is parsed, and swaps them as soon as it is', () => {
    const page = openPage({ body: LOCALIZED, browserLanguages: ['es'], readyState: 'loading' });
    expect(page.data[LOCALIZING]).toBe('es');
    expect(shown(page)).toEqual(['Never miss a block again', 'Login']);
    Object.defineProperty(page.doc, 'readyState', { value: 'interactive' });
    page.doc.dispatchEvent(new Event('readystatechange'));
    expect(shown(page)).toEqual(['No vuelvas a perder un bloque', 'Iniciar sesión']);
    expect(page.data[LOCALIZING]).toBeUndefined();
  });

  it('shows the page in English rather than not at all when a part has no copy in the language', () => {
    const page = openPage({ body: `<div ${A}="" style="display:contents"><h1>Never miss a block again</h1></div>`, browserLanguages: ['es'] });
    expect(page.doc.documentElement.lang).toBe('es');
    expect(shown(page)).toEqual(['Never miss a block again']);
    expect(page.data[LOCALIZING]).toBeUndefined();
  });
});
