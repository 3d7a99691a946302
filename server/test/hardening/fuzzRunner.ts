/**
 * Sends fuzz cases one after another and checks each answer and the database around it. The
 * database is fingerprinted before and after every request that may pass validation, and once
 * around each run of requests that must be refused: a refused request that changed anything is
 * caught without paying a fingerprint per request.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { UNSTORABLE_VALUE_ALERT } from '../../src/http/errorHandler.js';
import type { Database } from '../../src/db/types.js';
import { changedTables, snapshotDatabase, type DatabaseSnapshot } from './dbSnapshot.js';
import { isChallengeAnswer, refusalProblems } from './envelopeCheck.js';
import type { FuzzCase } from './fuzzRequests.js';

export interface FuzzFigures {
  requests: number;
  /** Requests that had to be refused, by why. */
  mustRefuse: Record<'schema' | 'wire' | 'credential', number>;
  /** Requests that passed validation and were answered 2xx/3xx. */
  accepted: number;
  serverErrors: number;
  /** Refused requests after which the database was not as before. */
  refusedThatChangedDatabase: number;
  /** Requests the route's schema let through and the database refused (errorHandler's backstop), by route. */
  refusedByTheDatabase: Map<string, number>;
  /** Every problem, with the route and request it came from. */
  problems: string[];
  /** Requests per route, to show each route was attacked. */
  perRoute: Map<string, number>;
}

export interface FuzzRun {
  database: Database;
  send(request: InjectOptions): Promise<LightMyRequestResponse>;
  /** Called after a request that passed, before the database is fingerprinted again (renew a used reset token). */
  afterAccepted?(fuzzCase: FuzzCase, response: LightMyRequestResponse): Promise<void>;
}

function describeRequest({ request }: FuzzCase): string {
  const payload = typeof request.payload === 'string' ? request.payload : '';
  return `${request.method} ${String(request.url).slice(0, 160)} ${JSON.stringify(request.headers ?? {}).slice(0, 120)} ${JSON.stringify(payload.slice(0, 200))}`;
}

/** Answered as a success would be: the database may have changed. */
function passed(response: LightMyRequestResponse): boolean {
  return response.statusCode < 400 || isChallengeAnswer(response);
}

function answerProblems(fuzzCase: FuzzCase, response: LightMyRequestResponse): string[] {
  const { statusCode } = response;
  if (statusCode >= 500) return [`answered ${statusCode}: ${response.body.slice(0, 120)}`];
  if (passed(response)) return fuzzCase.refusal ? [`accepted (${statusCode}) a request its ${fuzzCase.refusal} makes invalid`] : [];
  const problems = refusalProblems(response, { fieldErrors: fuzzCase.refusal === 'schema' });
  if (fuzzCase.refusal === 'schema' && statusCode !== 400) problems.push(`a schema failure answered ${statusCode}`);
  if (fuzzCase.refusal === 'credential' && statusCode !== 401) problems.push(`a bad credential answered ${statusCode}`);
  return problems;
}

export async function runFuzzCases(cases: readonly FuzzCase[], run: FuzzRun): Promise<FuzzFigures> {
  const figures: FuzzFigures = {
    requests: 0,
    mustRefuse: { schema: 0, wire: 0, credential: 0 },
    accepted: 0,
    serverErrors: 0,
    refusedThatChangedDatabase: 0,
    refusedByTheDatabase: new Map(),
    problems: [],
    perRoute: new Map(),
  };
  const fingerprint = () => snapshotDatabase(run.database.db);
  let baseline: DatabaseSnapshot = await fingerprint();
  /** The refused requests sent since the last fingerprint. */
  let unverified: FuzzCase[] = [];

  const verifyUnchanged = (now: DatabaseSnapshot, suspects: FuzzCase[]) => {
    const changed = changedTables(baseline, now);
    if (!changed.length || !suspects.length) return;
    figures.refusedThatChangedDatabase += 1;
    figures.problems.push(`one of ${suspects.length} refused requests changed ${changed.join(', ')}; first: ${describeRequest(suspects[0]!)}`);
  };

  for (const fuzzCase of cases) {
    const mayPass = fuzzCase.refusal === null;
    if (mayPass) {
      const now = await fingerprint();
      verifyUnchanged(now, unverified);
      baseline = now;
      unverified = [];
    }
    const response = await run.send(fuzzCase.request);
    figures.requests += 1;
    figures.perRoute.set(fuzzCase.route, (figures.perRoute.get(fuzzCase.route) ?? 0) + 1);
    if (fuzzCase.refusal) figures.mustRefuse[fuzzCase.refusal] += 1;
    if (response.statusCode >= 500) figures.serverErrors += 1;
    if (response.statusCode === 400 && response.body.includes(UNSTORABLE_VALUE_ALERT)) {
      figures.refusedByTheDatabase.set(fuzzCase.route, (figures.refusedByTheDatabase.get(fuzzCase.route) ?? 0) + 1);
    }
    const refused = !passed(response);
    if (!refused) figures.accepted += 1;
    for (const problem of answerProblems(fuzzCase, response)) figures.problems.push(`${fuzzCase.route}: ${problem} <- ${describeRequest(fuzzCase)}`);
    if (!mayPass) {
      unverified.push(fuzzCase);
      continue;
    }
    if (!refused) await run.afterAccepted?.(fuzzCase, response);
    const now = await fingerprint();
    if (refused) verifyUnchanged(now, [fuzzCase]);
    baseline = now;
  }
  verifyUnchanged(await fingerprint(), unverified);
  return figures;
}
