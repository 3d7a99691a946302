/**
 * The signed-in driver's calls under /api/user (docs/PRODUCT.md section 7): filters, language,
 * name, notifications, push devices, password, the platform account, the log, Start/Stop and the
 * day spans of stats and calendar. Ranges and steps are docs/PRODUCT.md section 9's, so a bad
 * value is reported under its own field.
 */
import {
  DURATION_SLIDER,
  LANGUAGES,
  MAX_FILTERS_PER_DRIVER,
  MAX_STATS_DAYS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  FILTER_ACTIONS,
  PAY_SLIDER,
  TIME_SLIDER,
  TIME_TO_ARRIVE_SLIDER,
} from '../../constants.js';
import { IGNORE_REASONS } from '../../ignoreReasons.js';
import { closedObject, existingPassword, newPassword, optionalText, stringOf, text, uuid, type FromContract } from './fields.js';

type Slider = { readonly min: number; readonly max: number; readonly step: number };

/** A two-handle slider's `[low, high]` (read as a pair, fields.ts). */
function rangeOf<const ItemType extends 'number' | 'integer'>(slider: Slider, unit: string, itemType: ItemType) {
  return {
    type: 'array',
    description: `[low, high] in ${unit}, ${slider.min}-${slider.max}, step ${slider.step}`,
    minItems: 2,
    maxItems: 2,
    items: { type: itemType, minimum: slider.min, maximum: slider.max, multipleOf: slider.step },
  } as const;
}

const filterProperties = {
  id: uuid,
  name: text(60),
  enabled: { type: 'boolean' },
  serviceAreas: { type: 'array', maxItems: 500, uniqueItems: true, items: text(100), description: 'Service area ids' },
  days: { type: 'array', maxItems: 7, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 }, description: 'Weekdays, Sunday = 0' },
  time: {
    ...rangeOf(TIME_SLIDER, 'minutes from midnight', 'number'),
    description: `Window of block START times, [from, to] in minutes from local midnight, ${TIME_SLIDER.min}-${TIME_SLIDER.max}, step ${TIME_SLIDER.step}, both ends inclusive; from > to runs overnight (22:00-02:00 is [1320, 120]); [0, 1440] is all day; from == to is refused`,
  },
  pay: rangeOf(PAY_SLIDER, 'slider steps of 3.00 currency units', 'integer'),
  payType: { type: 'string', enum: ['PER_BLOCK', 'PER_HOUR'] },
  duration: rangeOf(DURATION_SLIDER, 'hours', 'number'),
  timeToArrive: {
    type: 'number',
    minimum: TIME_TO_ARRIVE_SLIDER.min,
    maximum: TIME_TO_ARRIVE_SLIDER.max,
    multipleOf: TIME_TO_ARRIVE_SLIDER.step,
    description: 'Minutes between now and the block start, at least',
  },
  action: {
    type: 'string',
    enum: FILTER_ACTIONS,
    description:
      "What a match does (docs/PRODUCT.md \"Notify-only filters\"): 'accept' takes the block at once, 'notify' only tells the driver, who may accept it with one tap; 'accept' when left out",
  },
} as const;

/** A saved filter (also how the account and the filter calls answer it). */
export const filterSchema = closedObject(['id', 'name', 'enabled', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive', 'action'], filterProperties);

/** A filter to save (with its id) or to add (without one): the id is optional. */
export const savedOrNewFilterSchema = closedObject(['name', 'enabled', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive'], filterProperties);

/** saveFilter's body: a filter with its `id` to save it, or without one to add it at the end of the list. */
export const saveFilterBody = closedObject(['filter'], { filter: savedOrNewFilterSchema });

/** deleteFilter's body: the filter's id. */
export const deleteFilterBody = closedObject(['id'], { id: uuid });

/** reorderFilters' body: every one of the driver's filter ids, once each, in the order wanted. */
export const reorderFiltersBody = closedObject(['ids'], {
  ids: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_FILTERS_PER_DRIVER,
    uniqueItems: true,
    items: uuid,
    description: 'Every filter id of the driver, once each, in the new order (the first is the one the dashboard shows)',
  },
});

export const saveLanguageBody = closedObject(['language'], { language: { type: 'string', enum: LANGUAGES } });

/** The longest name the dashboard greets a driver with. */
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const saveDisplayNameBody = closedObject(['displayName'], { displayName: text(DISPLAY_NAME_MAX_LENGTH) });

const channelEvents = { type: 'array', uniqueItems: true, maxItems: NOTIFICATION_EVENTS.length, items: { type: 'string', enum: NOTIFICATION_EVENTS } } as const;

/** Per channel, the events that notify there (each channel listed; an empty list: nothing there). */
export const notificationEventsSchema = closedObject(
  NOTIFICATION_CHANNELS,
  { email: channelEvents, whatsapp: channelEvents, telegram: channelEvents, push: channelEvents },
  { description: 'Per channel, the events that notify there' },
) satisfies { type: string; properties: Record<(typeof NOTIFICATION_CHANNELS)[number], unknown>; [key: string]: unknown };

export const notificationPreferencesSchema = closedObject(['emailAddress', 'whatsAppNumber', 'telegramAuthCode'], {
  emailAddress: { ...stringOf('email-address-or-empty'), description: 'Empty: no e-mail notifications' },
  whatsAppNumber: { ...stringOf('phone-number-or-empty', 32), description: 'Empty: no WhatsApp notifications' },
  telegramAuthCode: { ...optionalText(32), description: 'The code the bot gave on /start; empty unlinks Telegram' },
  telegramConnected: { type: 'boolean', description: 'Ignored (read-only)' },
  events: { ...notificationEventsSchema, description: 'Per channel, the events that notify there; left out, the saved choices stay' },
});

export const saveNotificationPreferencesBody = closedObject(['notificationPreferences'], { notificationPreferences: notificationPreferencesSchema });

/** The driver's choice of promotional e-mail (the e-mailed opt-out link switches it off too). */
export const savePromotionalEmailsBody = closedObject(['promotionalEmails'], {
  promotionalEmails: { type: 'boolean', description: 'true: send me promotional e-mails; false: none' },
});

/** The longest push endpoint taken (push services' URLs are a few hundred characters). */
const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** A browser's push subscription as the server takes it (PushSubscription.toJSON(), flattened). */
export const pushSubscriptionSchema = closedObject(['endpoint', 'p256dh', 'auth'], {
  endpoint: { type: 'string', format: 'plain-text', minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH, description: "The push service's URL (PushSubscription.endpoint)" },
  p256dh: { ...stringOf('push-public-key', 100), description: 'PushSubscription.toJSON().keys.p256dh' },
  auth: { ...stringOf('push-auth-secret', 32), description: 'PushSubscription.toJSON().keys.auth' },
});

/** The path of one push device. */
export const pushDeviceParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;

export const sendTestNotificationBody = closedObject(['channel'], { channel: { type: 'string', enum: NOTIFICATION_CHANNELS } });

/** changePassword of a signed-in driver (the reset link's is /api/auth/changePassword). */
export const changePasswordBody = closedObject(['currentPassword', 'newPassword', 'confirmNewPassword'], {
  currentPassword: existingPassword,
  newPassword,
  confirmNewPassword: existingPassword,
});

/** connectAccount's body: open, so an older form's extra fields are not refused. */
export const connectAccountBody = {
  type: 'object',
  description:
    'The pasted-URL form (challenge_response + code_verifier), or nothing to get a challenge. The e-mail/password/otp form is answered with a challenge too: BlockPilot never takes the platform password.',
  properties: {
    challenge_response: { type: 'string', maxLength: 8192, description: "The URL of the platform's 'Looking for Something?' page" },
    code_verifier: { type: 'string', maxLength: 128, description: 'The code_verifier of the challenge_session' },
    emailAddress: { type: 'string', maxLength: 254 },
    password: { type: 'string', maxLength: 128, description: 'Never used or stored' },
    otp: { type: 'string', maxLength: 32, description: 'Never used or stored' },
  },
  additionalProperties: true,
} as const;

/** getServiceAreas takes an empty object. */
export const getServiceAreasBody = closedObject([], {});

/**
 * Latest epoch ms the database stores as a date: 9999-12-31T23:59:59.999Z. JavaScript dates reach
 * further (8.64e15), but PostgreSQL and PGlite refuse years past 9999 in a timestamptz parameter.
 */
const MAX_LOG_TIME_MS = 253_402_300_799_999;
const logTime = { type: 'number', minimum: 0, maximum: MAX_LOG_TIME_MS } as const;

/** The only query shape getLogs accepts (server/src/features/logs/query.ts reads it). */
export const logQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    discoveredAt: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: { $gt: logTime, $lt: logTime },
      description: 'Exactly one of $gt or $lt, epoch ms',
    },
    action: closedObject(['$in'], { $in: { type: 'array', maxItems: 2, uniqueItems: true, items: { type: 'string', enum: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] } } }),
    reason: {
      ...closedObject(['$in'], { $in: { type: 'array', maxItems: IGNORE_REASONS.length, uniqueItems: true, items: { type: 'string', enum: IGNORE_REASONS } } }),
      description: 'Only ignored entries with one of these reasons',
    },
  },
} as const;

export const getLogsBody = closedObject(['query'], { query: logQuerySchema });

export const forfeitBlockBody = closedObject(['logId'], { logId: uuid });

/** acceptNotified's body: the signed-in driver's own `notify` log entry (docs/PRODUCT.md "Notify-only filters"). */
export const acceptNotifiedBody = closedObject(['id'], { id: uuid });

/** acceptOffered's body: the signed accept token of an `offered` notification; it is the authority, no session needed. */
export const acceptOfferedBody = closedObject(['token'], { token: { type: 'string', minLength: 1, maxLength: 200, description: 'The token the notification carried' } });

/** What a one-tap accept answers: booked now, or booked before (a second tap; nothing charged again). */
export const acceptNotifiedAnswer = closedObject(['outcome', 'feeCents'], {
  outcome: { type: 'string', enum: ['accepted', 'alreadyAccepted'] },
  feeCents: { type: 'integer', minimum: 0, description: 'The fee charged by this tap, cents (0 for a second tap)' },
});

/** What the one-tap page shows before the driver taps: the block the token names. */
export const offeredBlockSchema = closedObject(['startTime', 'endTime', 'serviceAreaId', 'serviceAreaName', 'priceAmount', 'currency', 'state'], {
  startTime: { type: 'integer', description: 'Epoch seconds' },
  endTime: { type: 'integer', description: 'Epoch seconds' },
  serviceAreaId: text(100),
  serviceAreaName: { type: ['string', 'null'], maxLength: 200 },
  priceAmount: { type: 'number' },
  currency: text(10),
  state: { type: 'string', enum: ['offered', 'accepted', 'taken'], description: 'Still to accept, booked, or taken by another driver' },
});

export const toggleSearchStateBody = closedObject(['timezoneOffset'], {
  timezoneOffset: { type: 'integer', minimum: -1440, maximum: 1440, description: "The browser's Date.getTimezoneOffset(), minutes" },
  timeZone: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    description: "The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); when given, filters follow its daylight-saving changes",
  },
  searching: { type: 'boolean', description: 'The state the driver asked for (Start: true, Stop: false); without it the state flips' },
});

/** The query of the stats and blocks calls: `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included. */
export const dayRangeQuery = closedObject(['from', 'to'], {
  from: { ...stringOf('calendar-date', 10), description: "First day, in the driver's time zone" },
  to: { ...stringOf('calendar-date', 10), description: `Last day (included), at most ${MAX_STATS_DAYS} days after the first` },
});

export type Filter = FromContract<typeof filterSchema>;
export type SavedOrNewFilter = FromContract<typeof savedOrNewFilterSchema>;
export type NotificationPreferences = FromContract<typeof notificationPreferencesSchema>;
export type NotificationEventChoices = FromContract<typeof notificationEventsSchema>;
export type PushSubscriptionInput = FromContract<typeof pushSubscriptionSchema>;
export type ChangePasswordRequest = FromContract<typeof changePasswordBody>;
export type ConnectAccountRequest = FromContract<typeof connectAccountBody>;
export type LogQuery = FromContract<typeof logQuerySchema>;
export type AcceptNotifiedAnswer = FromContract<typeof acceptNotifiedAnswer>;
export type OfferedBlock = FromContract<typeof offeredBlockSchema>;
export type ToggleSearchStateRequest = FromContract<typeof toggleSearchStateBody>;
export type DayRange = FromContract<typeof dayRangeQuery>;
