/**
 * The language of a request: every word the API sends is written in it (docs/FRONTEND.md
 * "Languages", docs/ARCHITECTURE.md section 4). The app's API client sends the page's language as
 * `Accept-Language`; the first listed language the app speaks wins ("es-MX" is Spanish), by the
 * header's own order of preference (q weights), else English.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@blockpilot/shared/constants';
import { languageOfBrowser } from '@blockpilot/shared/rules';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in, from `Accept-Language`. */
    readonly language: Language;
  }
}

/** The language tags of an `Accept-Language` header, most wanted first (RFC 9110 section 12.5.4); q=0 means "not this one". */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header.split(',').flatMap((part, index) => {
    const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return tag && Number.isFinite(weight) && weight > 0 ? [{ tag, weight, index }] : [];
  });
  return ranked.sort((a, b) => b.weight - a.weight || a.index - b.index).map(({ tag }) => tag);
}

export const languageOfRequest = (request: FastifyRequest): Language => languageOfBrowser(acceptedLanguages(request.headers['accept-language']));

/** `request.language`, read when asked (so the error handler and the not-found handler have it too, whatever failed first). */
export function installRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return languageOfRequest(this);
    },
  });
}
