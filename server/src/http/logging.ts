/**
 * Logger options: pino with the request id on every line, and nothing secret written down.
 * Headers with credentials and any password or token field are censored; e-mailed and feed links
 * carry their secret in the URL, so request URLs are scrubbed too (and the reverse proxy's access
 * log the same way: deploy/nginx/access-log.conf, docs/SECURITY.md "Deploying behind a reverse proxy").
 */
import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { PrettyOptions } from 'pino-pretty';
import { RELEASE_PREVIEW_KEY } from '@blockpilot/shared/constants';
import { PAGES, pathPrefix, SUB_PAGES } from '@blockpilot/shared/pages';
import type { LogFormat } from '../config.js';

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
export const SECRET_LINK_PREFIXES = [
  pathPrefix(SUB_PAGES.resetPassword.change),
  '/verifyEmail/',
  pathPrefix(PAGES.promotionOptOut.path),
  pathPrefix(PAGES.acceptOffer.path),
  '/api/calendar/',
] as const;
/** Query parameters whose value is a key: the sealed release preview link (docs/RELEASES.md "Preview links"). */
export const SECRET_QUERY_PARAMETERS = [RELEASE_PREVIEW_KEY] as const;

// Both lists hold letters and slashes only: nothing to escape in a pattern.
const SECRET_PATH = new RegExp(`(${SECRET_LINK_PREFIXES.join('|')})[^/?#]+`, 'i');
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]+`, 'gi');

/** `/resetPassword/<token>?x=1` -> `/resetPassword/[redacted]?x=1`; `/?releasePreview=<sealed>` -> `/?releasePreview=[redacted]`. */
export function scrubUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** What the readable format leaves out of each line: the request's own fields are in its one line. */
const PRETTY_OPTIONS: PrettyOptions = { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true };

/**
 * pino-pretty's stream, loaded only for the readable format: a deployment logs JSON and never
 * loads it. Synchronous, in this thread: the readable format is for a developer's terminal.
 */
function prettyStream(destination: NodeJS.WritableStream): NodeJS.WritableStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty.build({ ...PRETTY_OPTIONS, colorize: destination === process.stdout && Boolean(process.stdout.isTTY), sync: true, destination });
}

/** pino's options; the readable format writes to `destination` (standard output but in tests). */
export function loggerOptions(level: string, format: LogFormat = 'json', destination: NodeJS.WritableStream = process.stdout): FastifyServerOptions['logger'] {
  return {
    level,
    ...(format === 'pretty' ? { stream: prettyStream(destination) } : {}),
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

/** A path that names a file (a script, a style sheet, an image): a page load asks for dozens. */
const FILE_PATH = /\.[a-z0-9]+$/i;

/**
 * The readable format's one line per request, in place of Fastify's two ("incoming request",
 * "request completed"): `GET /api/user 200 3 ms`. Files a page loads are logged at debug, so the
 * terminal shows the API calls and pages; LOG_LEVEL=debug shows every file too. A failed request
 * keeps Fastify's own error line, with the error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply, {});
    const url = scrubUrl(request.url);
    const line = `${request.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (FILE_PATH.test(url.split('?')[0]!)) request.log.debug(line);
    else request.log.info(line);
  }
}
