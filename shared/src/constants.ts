/** Business constants of docs/PRODUCT.md section 9 and the client's storage keys (section 3). */

/** Fee on each accepted block, in basis points (3.5%). */
export const FEE_BASIS_POINTS = 350;
export const SIGN_UP_BONUS_CENTS = 1000;
/**
 * The query the e-mailed verification link's redirect puts on /dashboard when the link did not
 * verify (altered, expired, or for an older address): the dashboard says so and offers a new one.
 */
export const EMAIL_LINK_INVALID = { param: 'emailLink', value: 'invalid' } as const;
export const INVITE_REWARD_CENTS = 1000;
/** The invited user's completed top-ups that trigger the inviter's reward. */
export const INVITE_REWARD_THRESHOLD_CENTS = 1000;
export const TRIAL_DAYS = 2;

/** An accepted block may be forfeited while more than this remains before its start... */
export const FORFEIT_MIN_LEAD_MS = 2_700_000;
/** ...or while it was discovered less than this long ago. */
export const FORFEIT_GRACE_MS = 300_000;

/** Credit covering fewer fees than this is low: a banner and one notification (docs/LIVE.md "Credit guard"). */
export const LOW_CREDIT_FEES = 3;
/** The block price fees are counted on when the driver has no accepted block yet, cents. */
export const REFERENCE_BLOCK_PRICE_CENTS = 10_000;

export const FILTER_AUTOSAVE_MS = 500;
/**
 * How many filters one driver may keep (docs/PRODUCT.md "Several filters"): enough for one per
 * station they work with its own pay and hours; more would only make the list unreadable.
 */
export const MAX_FILTERS_PER_DRIVER = 10;
export const SEARCH_STATE_REFRESH_MS = 10_000;
export const LOG_POLL_MS = 5_000;
export const ORDER_STATUS_POLL_MS = 1_000;
export const TOAST_MS = 5_000;
export const LOGS_MAX_HEIGHT_PX = 750;
export const LOGS_LOAD_MORE_THRESHOLD_PX = 5;

/** Slider bounds and steps. */
export const TIME_SLIDER = { min: 0, max: 1440, step: 15 } as const;
export const PAY_SLIDER = { min: 0, max: 100, step: 1 } as const;
/** One pay slider step in currency units: the slider's 100 reads 300.00. */
export const PAY_SLIDER_UNIT = 3;
export const DURATION_SLIDER = { min: 0, max: 10, step: 0.5 } as const;
export const TIME_TO_ARRIVE_SLIDER = { min: 0, max: 60, step: 5 } as const;
export const TOP_UP_SLIDER = { min: 1000, max: 5000, step: 500 } as const;

/**
 * The automatic top-up's threshold, cents: a fall of the credit below it charges the saved card
 * once (docs/LIVE.md "Automatic top-up"). Its amount is a top-up, within {@link TOP_UP_SLIDER}.
 */
export const AUTO_TOP_UP_THRESHOLD = { min: 0, max: 10000, default: 500 } as const;

/** Countries a driver can register from, with their labels. */
export const COUNTRIES = [
  { code: 'US', label: 'United States' },
  { code: 'CA', label: 'Canada' },
  { code: 'UK', label: 'United Kingdom' },
  { code: 'AU', label: 'Australia' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** The delivery platform's regions, each with its own hosts: North America, Europe (incl. the UK), Far East (Japan, Australia). */
export const PLATFORM_REGIONS = ['NA', 'EU', 'FE'] as const;
export type PlatformRegion = (typeof PLATFORM_REGIONS)[number];

/** Local storage keys, exactly as docs/PRODUCT.md section 3 spells them ("acccessToken" included). */
export const STORAGE_KEYS = {
  accessToken: 'acccessToken',
  account: 'account',
  locale: 'locale',
  serviceAreas: 'serviceAreas',
  searching: 'searching',
  schedule: 'schedule',
  logFilter: 'logFilter',
  /** The log's reason filter ('any' or one ignore reason). */
  logReason: 'logReason',
  defaultPayType: 'defaultPayType',
  abbreviateServiceAreas: 'abbreviateServiceAreas',
  inviteCode: 'inviteCode',
  /** The language the visitor chose on this browser, before or without an account (docs/FRONTEND.md, "Languages"). */
  language: 'language',
} as const;

/**
 * The languages the app speaks (docs/FRONTEND.md, "Languages"). English is the product's own text;
 * every other language has the same messages, key for key.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language's name in itself, as the language switch lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };
/** The locale `Intl` formats a language's numbers, dates and times with (the app's markets are in the Americas first). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The API's liveness check: answers 200 while the server and its database are up. */
export const HEALTH_PATH = '/api/health';

/**
 * Where drivers write to: the default of the server's SUPPORT_EMAIL, which the page asks for at
 * run time (GET /api/publicConfig); shown as is only by the landing page prerendered at build time.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@blockpilot.app';

/**
 * A CSS custom property on the page's root: the height of a bar a screen keeps stuck under the
 * navigation bar (the phone dashboard's Start/status bar), so toasts on a phone drop in below it.
 */
export const STICKY_BAR_HEIGHT_VARIABLE = '--bp-sticky-bar-height';

/** The id of the page's main content, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/** Session storage key of a staging preview override ("name@manifestUrl"), kept for the tab. */
export const PREVIEW_OVERRIDE_KEY = 'remotePreview';

/**
 * Where the shell finds its remotes (docs/RELEASES.md "How the shell finds its remotes"). The list
 * depends on the request's Authorization and release-preview headers.
 */
export const REMOTE_LIST_PATH = '/remotes.json';

/**
 * What every signed-in page waits on before its first useful content: the remote list (which
 * remote's code to fetch), the account, and the search state the dashboard's Start button shows.
 * The page's inline script requests them as the HTML arrives, alongside the code instead of after
 * it (shared/src/pageScript.ts); the shell and the session take each answer over once
 * (shared/src/session/earlyRequests.ts).
 */
export const EARLY_GETS = { remoteList: REMOTE_LIST_PATH, account: '/api/user', searchStatus: '/api/user/getSearchStatus' } as const;
export type EarlyGet = keyof typeof EARLY_GETS;
/** Where the signed-in frame's Stop sends `{ timezoneOffset, searching: false }` before the app's code has arrived (the API client's toggleSearchState). */
export const EARLY_STOP_PATH = '/api/user/toggleSearchState';
/** The global the page's inline script leaves the early requests under. */
export const EARLY_REQUESTS_GLOBAL = '__blockpilotEarlyRequests';
/**
 * The id of the JSON the server writes into the shell's page: the configuration's public part
 * (GET /api/publicConfig), so a page reads it without a request, and the landing page without
 * loading the API client at all.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'blockpilot-public-config';
/** A release channel's name: `production`, `staging`, or a named preview such as `pr-42` (docs/RELEASES.md). */
export const RELEASE_CHANNEL_NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** The module the shell loads from every remote; the release gate refuses a build without it. */
export const REMOTE_APP_EXPOSE = './App';
/** URL path under which the server serves each release's files: `/releases/<remote>/<version>/<file>`. */
export const RELEASE_FILES_PATH = '/releases/';
/**
 * Where a remote's build lists the sha384 of each of its scripts and stylesheets in its
 * mf-manifest.json: `metaData[<this>]`, file path beside the manifest to SRI form (docs/RELEASES.md
 * "Integrity in the browser").
 */
export const MANIFEST_INTEGRITY_FIELD = 'integrity';
/** Query parameter and session-storage key of a signed preview link of one release (docs/RELEASES.md). */
export const RELEASE_PREVIEW_KEY = 'releasePreview';
/** Header the shell sends its preview link in when asking for the remote list. */
export const RELEASE_PREVIEW_HEADER = 'x-release-preview';
/**
 * The error name a load report may carry (docs/RELEASES.md "Canary"): a class name such as
 * `TypeError` or `ChunkLoadError`; the shell sends `Error` for anything else. Never the message.
 */
export const LOAD_ERROR_NAME = /^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$/;

/** The remotes of the front end: federation name, package folder and `webpack serve` port. */
export const REMOTES = [
  { name: 'mf_landing', folder: 'mf-landing', devPort: 3101 },
  { name: 'mf_auth', folder: 'mf-auth', devPort: 3102 },
  { name: 'mf_dashboard', folder: 'mf-dashboard', devPort: 3103 },
  { name: 'mf_account', folder: 'mf-account', devPort: 3104 },
  { name: 'mf_admin', folder: 'mf-admin', devPort: 3105 },
] as const;
export type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * A prerendered page (docs/PRODUCT.md section 2's landing page, rendered at build time) goes into the
 * shell's page at the element carrying this attribute; its value names the remote that owns it.
 */
export const PRERENDER_OUTLET_ATTRIBUTE = 'data-prerendered-outlet';
/** Marks everything of the page that was rendered at build time, for a visitor. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/**
 * Marks the frame rendered at build time for a signed-in driver (the bar with the signed-in links
 * and a loading line): shown instead of the visitor's from the first paint when the page's script
 * finds a session, so a phone shows the app's frame while the code downloads, never a blank page.
 */
export const PRERENDERED_SIGNED_IN_ATTRIBUTE = 'data-prerendered-signed-in';
/**
 * Marks a part of the page rendered at build time in every language (docs/FRONTEND.md, "Languages"):
 * the English copy in place, in a `<div>` whose attribute is empty, and each other language's copy
 * in a `<template>` right after it whose attribute names the language (with `data-title`, the page's
 * title in it, when the part has one). The page script puts the copy of the page's language in
 * place of the English one before the first paint.
 */
export const PRERENDERED_LANGUAGE_ATTRIBUTE = 'data-prerendered-language';
/** Where a remote's build writes its prerendered landing page, relative to its remote entry. */
export const PRERENDERED_LANDING_PATH = 'prerender/landing.html';

/**
 * Who a signed-in person is to BlockPilot (docs/OPERATIONS.md "Roles"): a driver (`user`), or an
 * operator: `support` answers drivers, `admin` also moves money and changes accounts and roles.
 */
export const ROLES = ['user', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Where a driver can be notified (docs/LIVE.md "Push notifications"): e-mail, WhatsApp, Telegram,
 * and Web Push on the devices they switched on.
 */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp', 'telegram', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * What a driver can be notified of, each chosen per channel: a block accepted, the credit running
 * low (an automatic top-up that failed counts as one), a captcha (puzzle) that stopped the search,
 * the search stopping for any other reason (a device check, a lost connection), and a block a
 * notify-only filter matched, offered to accept with one tap (docs/PRODUCT.md "Notify-only filters").
 */
export const NOTIFICATION_EVENTS = ['accepted', 'lowCredit', 'captcha', 'stopped', 'offered'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * What a filter's match does (docs/PRODUCT.md "Notify-only filters"): `accept` takes the block at
 * once; `notify` only tells the driver, who may accept it with one tap while it is offered.
 */
export const FILTER_ACTIONS = ['accept', 'notify'] as const;
export type FilterAction = (typeof FILTER_ACTIONS)[number];

/** Where the app's service worker is served: the site's root, so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The installable app's web manifest. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * A built file whose name carries its content hash (`main.1a2b3c4d.js`): it never changes under
 * its name, so browsers and the service worker may keep it for good; every other file (pages,
 * mf-manifest.json, remoteEntry.js) must be asked for again (docs/FRONTEND.md).
 */
export const CONTENT_HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

/** The longest span of days the stats and calendar routes answer for (a quarter). */
export const MAX_STATS_DAYS = 92;
/** The private calendar feed: `GET <path><token>.ics`, no Authorization header (calendar apps send none). */
export const CALENDAR_FEED_PATH = '/api/calendar/';

/** At most this many away ranges are kept (docs/PRODUCT.md "Work limits"). */
export const MAX_AWAY_RANGES = 30;

/** The work limits' bounds, shared by the form and the server; 0 is "no limit" for the caps and the goal. */
export const WORK_LIMIT_BOUNDS = {
  maxDayMinutes: { min: 0, max: 1440, step: 30 },
  maxWeekMinutes: { min: 0, max: 10_080, step: 30 },
  weeklyPayGoalCents: { min: 0, max: 10_000_000, step: 1 },
  travelBufferMinutes: { min: 0, max: 120, step: 1 },
  averageSpeedKmh: { min: 10, max: 130, step: 1 },
} as const;
