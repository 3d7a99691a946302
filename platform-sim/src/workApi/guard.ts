/**
 * The gate every work-API request passes, in the platform's order: access token (401 unknown,
 * 403 expired or superseded), the other required headers (400), the per-account rate limit,
 * injected faults; then the handler. It also records the request (arrival, answer, and when the
 * answer was handed to the socket) whatever the outcome, and judges each offers poll's pace on
 * arrival, on the precise clock. Per request it does a few map lookups and no timers (a timer only
 * when latency is injected).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts.js';
import type { AccessTokenState } from '../auth/sessions.js';
import { newDelivery, trackDelivery, type Delivery } from '../delivery.js';
import { arrivalOf, headerValue, requestOrigin, requestPath } from '../http.js';
import type { RequestEnd } from '../record.js';
import type { SimulatorRuntime, World } from '../world.js';
import { checkWorkHeaders } from './headers.js';
import type { PollJudgement } from './pace.js';
import { MISSING_INSTANCE_ID, RATE_EXCEEDED, TOKEN_EXPIRED, TOKEN_SUPERSEDED, UNAUTHORIZED, faultResult, type WorkResult } from './responses.js';

/** What a handler gets: the caller, already authenticated and admitted. */
export interface WorkContext {
  world: World;
  account: Account;
  token: AccessTokenState;
  instanceId: string;
  clientId: string | null;
  /** Clock time after any injected latency. */
  now: number;
  /** Clock time the request arrived (before any injected latency). */
  arrivedAt: number;
  /** Precise-clock time the request arrived (the record's arrivedAtMs), epoch ms with a fraction. */
  arrivedAtMs: number;
  /** How this request's answer gets sent; filled in after the handler returns. */
  delivery: Delivery;
  request: FastifyRequest;
}

export type WorkHandler = (ctx: WorkContext) => WorkResult;

export interface WorkRouteOptions {
  /** The offers poll: each arrival is judged against the refreshInterval its account was last told. */
  paced?: boolean;
}

export function workRoute(runtime: SimulatorRuntime, handler: WorkHandler, options: WorkRouteOptions = {}) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // One world for the whole request, even if a reset happens during injected latency.
    const world = runtime.world;
    const path = requestPath(req);
    const instanceId = headerValue(req, 'x-flex-instance-id');
    const clientId = headerValue(req, 'x-sim-client');
    const arrivedAtMs = arrivalOf(req, world.preciseNow);
    const finish = world.record.begin({ kind: 'work', method: req.method, path, instanceId, clientId, arrivedAtMs });
    const arrivedAt = world.now();
    const delivery = newDelivery();
    let accountId: string | null = null;
    let tokenId: number | null = null;
    let latencyMs = 0;
    let pace: PollJudgement | null = null;
    const end = (status: number, outcome: RequestEnd['outcome']): RequestEnd => ({
      status,
      outcome,
      accountId,
      tokenId,
      latencyMs,
      pollGapMs: pace?.gapMs ?? null,
      tooFastPoll: pace?.tooFast ?? false,
    });
    const send = (result: WorkResult): FastifyReply => {
      const entry = finish(end(result.status, result.outcome));
      delivery.answeredAtMs = entry?.answeredAtMs ?? world.preciseNow();
      trackDelivery(reply.raw, delivery, entry, world.preciseNow);
      if (result.headers) reply.headers(result.headers);
      return reply.code(result.status).send(result.body);
    };

    const accessToken = headerValue(req, 'x-amz-access-token');
    const check = accessToken ? world.sessions.check(accessToken, arrivedAt) : ({ kind: 'unknown' } as const);
    if (check.kind === 'unknown') return send(UNAUTHORIZED);
    const token = check.state;
    accountId = token.accountId;
    tokenId = token.tokenId;
    // Judged as soon as the account is known: a poll that comes too soon is too soon whatever it is
    // answered. On the precise arrival stamps (monotonic, sub-ms), never on the simulator's clock:
    // Date.now() steps by up to 15 ms against the monotonic clock on some VMs.
    if (options.paced) pace = world.pace.judge(accountId, arrivedAtMs);
    if (check.kind === 'expired') return send(TOKEN_EXPIRED);
    if (check.kind === 'superseded') return send(TOKEN_SUPERSEDED);
    const badHeaders = checkWorkHeaders(req);
    if (badHeaders) return send(badHeaders);
    if (instanceId === null) return send(MISSING_INSTANCE_ID); // checked above; narrows the type
    // Keyed by account: refreshing the token or adding a device does not reset the window.
    if (!world.limiter.tryAcquire(token.accountId, arrivedAt)) return send(RATE_EXCEEDED);

    const decision = world.faults.decide(token.accountId, path);
    latencyMs = decision.latencyMs;
    if (latencyMs > 0) await sleep(latencyMs);
    if (decision.rule?.kind === 'reset') {
      finish(end(0, 'fault_reset'));
      reply.hijack();
      req.raw.socket?.destroy();
      return reply;
    }
    if (decision.rule?.kind === 'tokenExpiry') world.sessions.expireAccessToken(token.token, world.now());
    if (decision.rule) return send(faultResult(decision.rule, requestOrigin(req)));

    const account = world.accounts.getOrCreate(token.email);
    try {
      return send(handler({ world, account, token, instanceId, clientId, now: world.now(), arrivedAt, arrivedAtMs, delivery, request: req }));
    } catch (error) {
      // A bug, not a platform behaviour: still recorded, then Fastify's error handler answers 500.
      finish(end(500, 'server_error'));
      throw error;
    }
  };
}
