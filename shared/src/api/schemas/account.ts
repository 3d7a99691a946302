/**
 * What GET /api/user and the filter and push-device calls answer (docs/PRODUCT.md section 3): the
 * signed-in driver's account, their filter list and their push devices. The server answers with
 * these schemas and the client's types are derived from them (docs/ARCHITECTURE.md section 4.1,
 * "The contract").
 */
import { LANGUAGES, ROLES } from '../../constants.js';
import { filterSchema, notificationEventsSchema } from './user.js';
import { closedObject, type FromContract } from './fields.js';

const nullableTime = { type: ['number', 'null'] } as const;

/** The driver's notification settings as the account tells them (every field, unlike the saved body). */
export const accountNotificationPreferencesSchema = closedObject(['emailAddress', 'whatsAppNumber', 'telegramAuthCode', 'telegramConnected', 'events'], {
  emailAddress: { type: 'string', description: 'Empty: no e-mail notifications' },
  whatsAppNumber: { type: 'string', description: 'Empty: no WhatsApp notifications' },
  telegramAuthCode: { type: 'string', description: 'The code the bot gave on /start' },
  telegramConnected: { type: 'boolean', description: 'The Telegram bot has a chat with the driver' },
  events: notificationEventsSchema,
});

/** The signed-in user's account and settings (GET /api/user). */
export const accountSchema = closedObject(
  [
    'display_name',
    'credit',
    'emailAddress',
    'emailVerified',
    'phoneNumber',
    'flexConnected',
    'trialEligible',
    'trialEndsAt',
    'membershipEndsAt',
    'shareableCode',
    'notificationPreferences',
    'filters',
    'puzzleRequired',
    'currency_symbol',
    'language',
    'role',
    'promotionalEmails',
  ],
  {
    display_name: { type: 'string', description: 'The name the dashboard greets the driver with' },
    credit: { type: 'integer', description: 'Credit in integer cents' },
    emailAddress: { type: 'string' },
    emailVerified: { type: 'boolean', description: 'True once the driver opened the e-mailed verification link; the sign-up bonus waits for it' },
    phoneNumber: { type: 'string' },
    flexConnected: { type: 'boolean', description: 'A platform account is connected' },
    trialEligible: { type: 'boolean' },
    trialEndsAt: { ...nullableTime, description: 'End of a running trial, epoch ms, or null' },
    membershipEndsAt: { ...nullableTime, description: 'End of an active membership, epoch ms, or null' },
    shareableCode: { type: 'string', description: 'The invite code others register with' },
    notificationPreferences: accountNotificationPreferencesSchema,
    filters: { type: 'array', items: filterSchema, description: "The driver's filters; the first is the one shown" },
    puzzleRequired: { type: 'boolean', description: 'Set when the platform demands a captcha the driver must solve in its own app' },
    currency_symbol: { type: 'string', description: "The currency symbol of the driver's region" },
    language: {
      type: 'string',
      enum: LANGUAGES,
      description: 'The language the driver chose (docs/FRONTEND.md, "Languages"): the app\'s, and that of e-mails and chat messages',
    },
    role: { type: 'string', enum: ROLES, description: 'Driver (`user`) or operator (docs/OPERATIONS.md "Roles")' },
    promotionalEmails: {
      type: 'boolean',
      description: 'The driver takes promotional e-mails (the e-mailed opt-out link and savePromotionalEmails switch it)',
    },
  },
);

/** The driver's filters, in order, as deleteFilter and reorderFilters answer them. */
export const filterListSchema = { type: 'array', items: filterSchema } as const;

/** GET /api/user/locale: the locale of the driver's country. */
export const localeSchema = closedObject(['locale'], { locale: { type: 'string' } });

/** One device (browser) that receives Web Push for the driver. */
export const pushDeviceSchema = closedObject(['id', 'label', 'endpoint', 'createdAt'], {
  id: { type: 'string' },
  label: { type: 'string', description: 'How the device is named in the list ("Chrome on Android"), from the user agent that switched it on' },
  endpoint: { type: 'string', description: "The push service's URL of this subscription: a browser finds itself in the list by it" },
  createdAt: { type: 'number', description: 'When it was switched on, epoch ms' },
});

/** The driver's push devices and the key a browser subscribes with (GET /api/user/pushDevices). */
export const pushDevicesSchema = closedObject(['publicKey', 'devices'], {
  publicKey: { type: 'string', description: "The server's VAPID public key, base64url (the `applicationServerKey` of PushManager.subscribe)" },
  devices: { type: 'array', items: pushDeviceSchema },
});

export type Account = FromContract<typeof accountSchema>;
export type PushDevice = FromContract<typeof pushDeviceSchema>;
export type PushDevices = FromContract<typeof pushDevicesSchema>;
export type UserLocale = FromContract<typeof localeSchema>;
