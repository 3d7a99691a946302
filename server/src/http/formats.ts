/**
 * String formats the route schemas use, with the message a driver sees when a value does not
 * match. Registered with ajv in app.ts; read by the error handler for the per-field message.
 * Own names (not ajv-formats' `email`) so the rule and its message live together here.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators and an optional leading +; 7 to 15 digits as E.164 allows. */
const PHONE = /^\+?[\d\s().-]+$/;

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}

export const FORMATS = {
  'email-address': { validate: (v: string) => EMAIL.test(v), message: 'Enter a valid e-mail address.' },
  'email-address-or-empty': { validate: (v: string) => v === '' || EMAIL.test(v), message: 'Enter a valid e-mail address or leave it empty.' },
  'phone-number': { validate: isPhone, message: 'Enter a valid phone number, e.g. +1 555 555 0100.' },
  'phone-number-or-empty': { validate: (v: string) => v === '' || isPhone(v), message: 'Enter a valid phone number or leave it empty.' },
} as const;

export type FormatName = keyof typeof FORMATS;

/** The formats in the shape ajv's `formats` option takes. */
export const ajvFormats = Object.fromEntries(Object.entries(FORMATS).map(([name, { validate }]) => [name, validate]));
