/**
 * The answers to the requests the page's inline script sent as the HTML arrived
 * (shared/src/pageScript.ts, {@link EARLY_GETS}), each handed over once, to the first caller
 * with the same token. Only a successful answer is used as it is: anything else (a refusal, a
 * network failure, a token changed meanwhile) is asked again the usual way (the API client for
 * API calls), so errors, redirects and sign-out are handled in one place
 * (shared/src/api/client.ts).
 */
import { EARLY_REQUESTS_GLOBAL, type EarlyGet } from '../constants';
import type { Envelope } from '../types';

/** What the page script keeps of an answer: its parsed body when it succeeded. */
export type EarlyAnswer = { ok: true; body: unknown } | { ok: false };

interface EarlyRequests {
  token: string;
  responses: Partial<Record<EarlyGet, Promise<EarlyAnswer>>>;
}

function earlyRequests(): EarlyRequests | undefined {
  return (globalThis as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
}

/** An API answer's `data`, from its envelope (docs/ARCHITECTURE.md section 4). */
const envelopeData = <T>(body: unknown): T => (body as Envelope<T>).data as T;

/**
 * The early answer to `name` for `token` if there is one (else `ask()`), taken so it is used
 * once; `read` turns a successful answer's body into the value (by default an API envelope's `data`).
 */
export function takeEarlyAnswer<T>(name: EarlyGet, token: string | null, ask: () => Promise<T>, read: (body: unknown) => T = envelopeData): Promise<T> {
  const early = earlyRequests();
  const answer = token && early?.token === token ? early.responses[name] : undefined;
  if (!answer) return ask();
  delete early!.responses[name];
  return answer.then(
    (taken) => (taken.ok ? read(taken.body) : ask()),
    () => ask(),
  );
}
