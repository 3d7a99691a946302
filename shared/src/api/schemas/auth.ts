/** The calls of /api/auth (docs/PRODUCT.md section 7): sign-up, sign-in, password reset by e-mailed link. */
import { COUNTRIES, LANGUAGES } from '../../constants.js';
import { closedObject, existingPassword, newPassword, optionalText, stringOf, type FromContract } from './fields.js';

export const registerBody = closedObject(['country_code', 'emailAddress', 'phoneNumber', 'password', 'confirmPassword'], {
  country_code: { type: 'string', enum: COUNTRIES.map((country) => country.code) },
  emailAddress: stringOf('email-address'),
  phoneNumber: stringOf('phone-number', 32),
  password: newPassword,
  confirmPassword: existingPassword,
  inviteCode: optionalText(32),
  language: { type: 'string', enum: LANGUAGES, description: 'The language the visitor used the app in: the new account keeps it' },
});

export const loginBody = closedObject(['emailAddress', 'password'], { emailAddress: stringOf('email-address'), password: existingPassword });

export const requestResetPasswordLinkBody = closedObject(['emailAddress'], { emailAddress: stringOf('email-address') });

/** changePassword with the reset link's token (the signed-in driver's is /api/user/changePassword). */
export const resetPasswordBody = closedObject(['password', 'confirmPassword'], { password: newPassword, confirmPassword: existingPassword });

/** The path of the e-mailed address-verification link. */
export const verifyEmailParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } } as const;

export type RegisterRequest = FromContract<typeof registerBody>;
export type LoginRequest = FromContract<typeof loginBody>;
export type RequestResetPasswordLinkRequest = FromContract<typeof requestResetPasswordLinkBody>;
export type ResetPasswordRequest = FromContract<typeof resetPasswordBody>;

/** The session the login, register and password-change calls answer with. */
export const sessionSchema = closedObject(['accessToken'], { accessToken: { type: 'string', description: 'The bearer token of the session' } });

/** resetLinkState's answer: whether the e-mailed link's reset token can still change the password. */
export const resetLinkStateSchema = closedObject(['usable'], { usable: { type: 'boolean' } });

export type Session = FromContract<typeof sessionSchema>;
export type ResetLinkState = FromContract<typeof resetLinkStateSchema>;
