/**
 * Logger options: pino with the request id on every line, and nothing secret written down.
 * Headers with credentials and any password or token field are censored; e-mailed and feed links
 * carry their secret in the URL, so request URLs are scrubbed too (and the reverse proxy's access
 * log the same way: deploy/nginx/access-log.conf, docs/SECURITY.md "Deploying behind a reverse proxy").
 */
import type { FastifyServerOptions } from 'fastify';
import { RELEASE_PREVIEW_KEY } from '@blockpilot/shared/constants';

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
 * Links whose path segment after the prefix is their only key: the reset page, the e-mail
 * verification link, the promotion opt-out link, the calendar feed (`/api/calendar/<token>.ics`).
 */
export const SECRET_LINK_PREFIXES = ['/resetPassword/', '/verifyEmail/', '/promotionOptOut/', '/api/calendar/'] as const;
/** Query parameters whose value is a key: the sealed release preview link (docs/RELEASES.md "Preview links"). */
export const SECRET_QUERY_PARAMETERS = [RELEASE_PREVIEW_KEY] as const;

// Both lists hold letters and slashes only: nothing to escape in a pattern.
const SECRET_PATH = new RegExp(`(${SECRET_LINK_PREFIXES.join('|')})[^/?#]+`, 'i');
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]+`, 'gi');

/** `/resetPassword/<token>?x=1` -> `/resetPassword/[redacted]?x=1`; `/?releasePreview=<sealed>` -> `/?releasePreview=[redacted]`. */
export function scrubUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
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
