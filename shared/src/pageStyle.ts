/**
 * The style that goes with the page's inline script (./pageScript.ts), inline in the shell's page
 * for the same reason: it must apply from the first paint.
 */
import { PRERENDERED_ATTRIBUTE, PRERENDERED_LANGUAGE_ATTRIBUTE, PRERENDERED_SIGNED_IN_ATTRIBUTE } from './constants';
import { BOOT_PENDING_CLICK, BOOT_PENDING_HREF, LOCALIZING } from './pageScript';
import { EARLY_SEARCH_STATE, EARLY_SEARCH_STATE_ATTRIBUTE, EARLY_STOP, EARLY_STOP_ATTRIBUTE, SEARCH_STATES } from './searchState';
import { theme } from './theme';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const pending = [BOOT_PENDING_HREF, BOOT_PENDING_CLICK].map((key) => `html[data-${kebab(key)}]`);
const progressBar = pending.map((selector) => `${selector} body::before`).join(',');

/**
 * Once the script has seen a session: hides the visitor's prerendered page (over its inline
 * `display:contents`) and shows the signed-in frame in its place. Keeps the English copies of the
 * prerendered parts out of sight until the script has put the page's language in their place.
 * Shows a progress bar while a held click waits for the app. Of the signed-in frame's copies of
 * the search state, shows the one the page script learnt, none until it has, and its Stop while
 * that state is a running one.
 */
export const PAGE_STYLE = [
  `html[data-session="signed-in"] [${PRERENDERED_ATTRIBUTE}]{display:none!important}`,
  `[${PRERENDERED_SIGNED_IN_ATTRIBUTE}]{display:none}`,
  `html[data-session="signed-in"] [${PRERENDERED_SIGNED_IN_ATTRIBUTE}]{display:contents}`,
  `html[data-${LOCALIZING}] [${PRERENDERED_LANGUAGE_ATTRIBUTE}]{visibility:hidden}`,
  `[${EARLY_SEARCH_STATE_ATTRIBUTE}]{display:none}`,
  ...SEARCH_STATES.map((state) => `html[data-${kebab(EARLY_SEARCH_STATE)}="${state}"] [${EARLY_SEARCH_STATE_ATTRIBUTE}="${state}"]{display:contents}`),
  `[${EARLY_STOP_ATTRIBUTE}]{display:none!important}`,
  `${SEARCH_STATES.filter((state) => state !== 'stopped')
    .map((state) => `html[data-${kebab(EARLY_SEARCH_STATE)}="${state}"] [${EARLY_STOP_ATTRIBUTE}]`)
    .join(',')}{display:inline-flex!important}`,
  `html[data-${kebab(EARLY_STOP)}="pending"] [${EARLY_STOP_ATTRIBUTE}]{cursor:progress;opacity:.6}`,
  `${pending.join(',')}{cursor:progress}`,
  `${progressBar}{content:"";position:fixed;z-index:2000;top:0;left:0;width:100%;height:3px;` +
    `background:${theme.palette.primary};transform-origin:left;animation:blockpilot-boot 1s ease-in-out infinite alternate}`,
  `@keyframes blockpilot-boot{from{transform:scaleX(.15)}to{transform:scaleX(.9)}}`,
  `@media (prefers-reduced-motion:reduce){${progressBar}{animation:none}}`,
].join('');
