/**
 * The page the server prerendered into the shell's outlet (the landing page at `/`), read once
 * before React replaces the static markup. While that page's remote loads, RemoteApp shows the
 * same markup instead of a spinner, so what the visitor already sees stays put until the remote
 * renders the live page in its place.
 */
import { getAccessToken, PRERENDER_OUTLET_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '@blockpilot/shared';

/** A remote's page as the server sent it, for one path. */
export interface PrerenderedPage {
  remote: string;
  pathname: string;
  html: string;
}

let captured: PrerenderedPage | null = null;

/**
 * The control of the static page that has focus, told apart by what survives a re-render of the
 * same markup: its id, or its tag, link target and text. React replaces the static markup twice
 * (its copy at boot, the live page when the remote is up); each time focus would fall back to the
 * page's start, so a keyboard user would lose their place.
 */
interface FocusKey {
  tag: string;
  id: string;
  href: string | null;
  text: string;
}

let focusKey: FocusKey | null = null;
const tracked = new WeakSet<Document>();

function focusKeyOf(target: EventTarget | null): FocusKey | null {
  if (!(target instanceof HTMLElement) || !target.closest(`[${PRERENDERED_ATTRIBUTE}], [${PRERENDER_OUTLET_ATTRIBUTE}]`)) return null;
  return { tag: target.tagName, id: target.id, href: target.getAttribute('href'), text: target.textContent?.trim() ?? '' };
}

function trackFocus(doc: Document): void {
  focusKey = focusKeyOf(doc.activeElement);
  if (tracked.has(doc)) return;
  tracked.add(doc);
  doc.addEventListener('focusin', (event) => {
    focusKey = focusKeyOf(event.target);
  });
}

/** Reads the outlet of the static page; a signed-in driver's page is never the visitor's one. */
export function capturePrerenderedPage(doc: Document = document): PrerenderedPage | null {
  const outlet = doc.querySelector(`[${PRERENDER_OUTLET_ATTRIBUTE}]`);
  const remote = outlet?.getAttribute(PRERENDER_OUTLET_ATTRIBUTE);
  captured = outlet && remote && !getAccessToken() ? { remote, pathname: doc.location.pathname, html: outlet.innerHTML } : null;
  if (captured) trackFocus(doc);
  return captured;
}

/**
 * After React replaced the static markup: puts focus back on the same control inside `root`, if
 * the driver had focused one and focus was lost with the old markup (not moved elsewhere since).
 */
export function restorePrerenderedFocus(root: Element | null): void {
  const key = focusKey;
  const active = root?.ownerDocument.activeElement;
  if (!root || !key || (active && active !== root.ownerDocument.body)) return;
  const candidates = Array.from(root.querySelectorAll<HTMLElement>(key.tag.toLowerCase()));
  const match = key.id ? candidates.find((el) => el.id === key.id) : candidates.find((el) => el.getAttribute('href') === key.href && (el.textContent?.trim() ?? '') === key.text);
  match?.focus();
}

/** The markup to show while `remote` loads at the current path, if the server prerendered it. */
export function prerenderedPageFor(remote: string, pathname: string = window.location.pathname): string | null {
  return captured && captured.remote === remote && captured.pathname === pathname ? captured.html : null;
}

/** Once the live page is up (or failed), the static copy is never shown again. */
export function discardPrerenderedPage(): void {
  captured = null;
}

/** Once the live page has taken focus over, focus is the live page's own. */
export function forgetPrerenderedFocus(): void {
  focusKey = null;
}

/**
 * The in-app path a click on a plain anchor leads to, or null when the browser should handle it
 * (another origin, a new tab or window, a download, a modified click, a jump within the page).
 * Before the app boots, the page script (shared/src/pageScript.ts) applies the same rule in ES5.
 */
export function internalLinkOf(event: MouseEvent, location: Location = window.location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin || anchor.target || anchor.hasAttribute('download')) return null;
  if (anchor.pathname === location.pathname && anchor.hash) return null;
  return anchor.pathname + anchor.search + anchor.hash;
}
