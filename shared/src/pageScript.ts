/**
 * The shell page's one inline script (its style is in ./pageStyle.ts). Inline because it must act
 * before the first paint and before any other script; the server's Content-Security-Policy allows
 * exactly this text by its hash.
 *
 * What the script does:
 * - A signed-in driver opening `/` is sent on to the dashboard: the visitor's prerendered page is
 *   hidden (by the style) so it never flashes up while the scripts load.
 * - On a visitor's landing page the server sends the app's scripts inert
 *   (`<script type={@link DEFERRED_SCRIPT_TYPE} data-src>`). The page is complete as HTML (links,
 *   Q&A list as `<details>`), so nothing runs until the visitor shows intent: the first pointer,
 *   touch, key, focus or wheel event loads the app. A visitor who only reads the page costs their
 *   phone no script at all.
 *   A signed-in driver, an operator previewing a remote from staging, or a tab opened from a
 *   release-preview link gets the app at once.
 * - The remote list ({@link REMOTE_LIST_PATH}) is preloaded for a visitor only. A browser hands a
 *   preload to the first fetch of its URL whatever headers that fetch sends, so a signed-in
 *   driver's request (canaries) or a release-preview tab's would get the visitor's list
 *   (docs/RELEASES.md "How the shell finds its remotes").
 * - A signed-in driver's remote list, account and search state ({@link EARLY_GETS}) are
 *   requested at once, with the stored token, and left under {@link EARLY_REQUESTS_GLOBAL} for the
 *   shell and the session: on a phone the app's code takes seconds to arrive, and what it would
 *   ask for after that is then already here (docs/FRONTEND.md "Cold start"). Not the remote list
 *   of a tab holding a release-preview link: that request carries the link (the shell sends it).
 *   Once the account (of a driver whose platform account is connected) and the search state have
 *   come, the script says on `<html>` what the search is doing ({@link EARLY_SEARCH_STATE}), and the
 *   style shows that state's copy in the signed-in frame: the first thing a driver opening the app
 *   wants to know, seconds before the code that shows the rest has arrived. While that state is a
 *   running one, the frame's Stop ({@link EARLY_STOP_ATTRIBUTE}) is shown, and the script stops
 *   the search itself with the stored token ({@link EARLY_STOP_PATH}): the driver can stop it
 *   before the app's code has arrived. The early search-state answer, now stale, is dropped so the
 *   app asks again; the app's live stream sends the state when it opens in any case.
 * - The page speaks the visitor's language from the first paint (docs/FRONTEND.md, "Languages"):
 *   the script picks it as the app does (chosen on this browser, else the stored account's, else
 *   the browser's), sets `<html lang>`, and puts the prerendered copies of that language
 *   ({@link PRERENDERED_LANGUAGE_ATTRIBUTE}) in place of the English ones as soon as the page is
 *   parsed; the style keeps the English copies hidden ({@link LOCALIZING}) until then.
 * - A link or button clicked before the app has booted is not lost: the script holds it
 *   ({@link BOOT_PENDING_HREF} / {@link BOOT_PENDING_CLICK}), shows a progress bar, and the shell
 *   carries it out once it has booted ({@link BOOT_STATE} becomes `done`).
 */
// `.js`: the server imports this module too (NodeNext resolution).
import {
  DEFAULT_LANGUAGE,
  EARLY_GETS,
  EARLY_REQUESTS_GLOBAL,
  EARLY_STOP_PATH,
  LANGUAGES,
  PRERENDERED_LANGUAGE_ATTRIBUTE,
  PREVIEW_OVERRIDE_KEY,
  RELEASE_PREVIEW_KEY,
  REMOTE_LIST_PATH,
  STORAGE_KEYS,
} from './constants.js';
import { EARLY_SEARCH_STATE, EARLY_STOP, EARLY_STOP_ATTRIBUTE, SEARCH_STATES } from './searchState.js';

/** The type of an app script the server sent inert; the page script loads it when it is wanted. */
export const DEFERRED_SCRIPT_TYPE = 'application/x-blockpilot-deferred';

/**
 * `data-*` names on `<html>` that the page script and the shell share (as dataset keys):
 * - `boot`: `loading` once the scripts are requested, `done` once the shell has rendered;
 * - `pendingHref`: a link followed before the shell booted, for the shell to navigate to;
 * - `pendingClick`: the id of a button clicked before the shell booted, for the shell to click.
 */
export const BOOT_STATE = 'boot';
export const BOOT_PENDING_HREF = 'pendingHref';
export const BOOT_PENDING_CLICK = 'pendingClick';
/** `data-*` name on `<html>` (dataset key) while the prerendered copies of the page's language are not in place yet. */
export const LOCALIZING = 'localizing';

/** What counts as intent to use the page: the app starts loading on the first of these. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin', 'wheel'];

// ES5 on purpose: it is shipped as written (no build step touches it), and it must not throw in
// any browser that can show the page.
export const PAGE_SCRIPT = `(function (d, w) {
  var html = d.documentElement, data = html.dataset, token = null, signedIn = false, previewing = false, releasePreview = false;
  try {
    token = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)});
    signedIn = !!token;
    releasePreview = /[?&]${RELEASE_PREVIEW_KEY}=/.test(location.search) || !!sessionStorage.getItem(${JSON.stringify(RELEASE_PREVIEW_KEY)});
    previewing = releasePreview || /[?&]${PREVIEW_OVERRIDE_KEY}=/.test(location.search) || !!sessionStorage.getItem(${JSON.stringify(PREVIEW_OVERRIDE_KEY)});
  } catch (e) {}
  if (signedIn) data.session = "signed-in";
  var languages = ${JSON.stringify(LANGUAGES)}, language = null, preferred = [];
  function spoken(value) { return typeof value === "string" && languages.indexOf(value) >= 0 ? value : null; }
  function stored(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } }
  language = spoken(stored(${JSON.stringify(STORAGE_KEYS.language)})) || spoken((stored(${JSON.stringify(STORAGE_KEYS.account)}) || {}).language);
  if (w.navigator) preferred = w.navigator.languages || [w.navigator.language];
  for (var p = 0; !language && p < preferred.length; p++) language = spoken(String(preferred[p]).toLowerCase().split("-")[0]);
  language = language || ${JSON.stringify(DEFAULT_LANGUAGE)};
  html.lang = language;
  function localize() {
    if (d.readyState === "loading") return;
    d.removeEventListener("readystatechange", localize);
    try {
      var copies = d.querySelectorAll('template[${PRERENDERED_LANGUAGE_ATTRIBUTE}="' + language + '"]');
      for (var c = 0; c < copies.length; c++) {
        var copy = copies[c], english = copy.previousElementSibling;
        while (english && english.tagName === "TEMPLATE") english = english.previousElementSibling;
        if (!copy.content || !english || english.getAttribute("${PRERENDERED_LANGUAGE_ATTRIBUTE}") !== "") continue;
        english.textContent = "";
        english.appendChild(copy.content);
        english.setAttribute("${PRERENDERED_LANGUAGE_ATTRIBUTE}", language);
        if (copy.getAttribute("data-title")) d.title = copy.getAttribute("data-title");
      }
    } finally {
      // Whatever happened, the page is shown: in English at worst.
      delete data.${LOCALIZING};
    }
  }
  if (language !== ${JSON.stringify(DEFAULT_LANGUAGE)}) {
    data.${LOCALIZING} = language;
    d.addEventListener("readystatechange", localize);
    localize();
  }
  if (signedIn && typeof w.fetch === "function") {
    var early = w.${EARLY_REQUESTS_GLOBAL} = { token: token, responses: {} }, gets = ${JSON.stringify(EARLY_GETS)};
    for (var name in gets) {
      if (name === "remoteList" && releasePreview) continue;
      // Read at once: an answer nobody reads keeps its request open (a driver not connected yet
      // never needs the search state).
      early.responses[name] = w.fetch(gets[name], { headers: { Authorization: "Bearer " + token } }).then(function (response) {
        return response.ok ? response.json().then(function (body) { return { ok: true, body: body }; }) : { ok: false };
      });
      early.responses[name]["catch"](function () {});
    }
    // searchStateOf (./searchState.ts) in ES5; the tests hold the two to the same answers.
    var states = ${JSON.stringify(SEARCH_STATES)};
    function searchState(status) {
      return states[!status.searching ? 0 : status.pausedFor === "credit" ? 1 : status.noEligibleStation ? 2 : 3];
    }
    function dataOf(answer) { return answer.ok && answer.body && answer.body.data; }
    if (early.responses.account && early.responses.searchStatus) {
      Promise.all([early.responses.account, early.responses.searchStatus]).then(function (answers) {
        var account = dataOf(answers[0]), status = dataOf(answers[1]);
        if (account && account.flexConnected && status) data.${EARLY_SEARCH_STATE} = searchState(status);
      }, function () {});
    }
    d.addEventListener("click", function (event) {
      var stop = event.target.closest && event.target.closest("[${EARLY_STOP_ATTRIBUTE}]");
      if (!stop || data.${BOOT_STATE} === "done") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (data.${EARLY_STOP} === "pending") return;
      data.${EARLY_STOP} = "pending";
      stop.setAttribute("aria-busy", "true");
      w.fetch(${JSON.stringify(EARLY_STOP_PATH)}, {
        method: "POST",
        headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" },
        body: JSON.stringify({ timezoneOffset: new Date().getTimezoneOffset(), searching: false })
      }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        delete early.responses.searchStatus;
        data.${EARLY_SEARCH_STATE} = "stopped";
        data.${EARLY_STOP} = "done";
      })["catch"](function () {
        data.${EARLY_STOP} = "failed";
      }).then(function () {
        stop.removeAttribute("aria-busy");
      });
    }, true);
  }
  if (!signedIn && !releasePreview) {
    var list = d.createElement("link");
    list.rel = "preload";
    list.as = "fetch";
    list.crossOrigin = "anonymous";
    list.href = ${JSON.stringify(REMOTE_LIST_PATH)};
    d.head.appendChild(list);
  }
  var deferred = d.querySelectorAll('script[type="${DEFERRED_SCRIPT_TYPE}"]');
  if (!deferred.length) return;
  var intents = ${JSON.stringify(INTENT_EVENTS)};
  function boot() {
    if (data.${BOOT_STATE}) return;
    data.${BOOT_STATE} = "loading";
    intents.forEach(function (name) { d.removeEventListener(name, boot, true); });
    for (var i = 0; i < deferred.length; i++) {
      var script = d.createElement("script");
      script.src = deferred[i].getAttribute("data-src");
      script.async = false;
      d.head.appendChild(script);
    }
  }
  d.addEventListener("click", function (event) {
    if (data.${BOOT_STATE} === "done" || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var target = event.target.closest && event.target.closest("a[href], button[id]");
    if (!target) return;
    if (target.tagName === "A") {
      if (target.origin !== location.origin || target.target || target.hasAttribute("download")) return;
      if (target.pathname === location.pathname && target.hash) return;
      data.${BOOT_PENDING_HREF} = target.pathname + target.search + target.hash;
    } else {
      data.${BOOT_PENDING_CLICK} = target.id;
    }
    event.preventDefault();
    boot();
  }, true);
  if (!signedIn && !previewing) intents.forEach(function (name) { d.addEventListener(name, boot, { capture: true, passive: true }); });
  else if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", boot);
  else boot();
})(document, window);`;
