/**
 * Logger options: pino with the request id on every line, and nothing secret written down.
 * Headers with credentials and any password or token field are censored; the reset page's URL
 * and the e-mail verification link carry their token in the path, so request URLs are scrubbed too.
 */
import type { FastifyServerOptions } from 'fastify';

/** Field names whose values are never written, wherever they sit in a logged object (up to 3 levels down). */
export const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'accessToken',
  'token',
  'telegramAuthCode',
  // The connect call: the pasted landing URL carries a sign-in code, the verifier completes it.
  'challenge_response',
  'code_verifier',
  'otp',
  // Credentials in headers, should a handler log the headers themselves.
  'authorization',
  'cookie',
];

/**
 * `/resetPassword/<token>` -> `/resetPassword/[redacted]`, and the same for `/verifyEmail/<token>`
 * and the calendar feed's `/api/calendar/<token>.ics` (the link is its only key).
 */
export function scrubUrl(url: string): string {
  return url.replace(/(\/(?:resetPassword|verifyEmail|api\/calendar)\/)[^/?#]+/i, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        // A body logged as { body } puts a form's fields one level down, a wrapped form
        // (notificationPreferences, filter) two, and { req: { body } } three.
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
}
