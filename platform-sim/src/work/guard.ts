/**
 * The gate every work-API request passes, in the platform's order: access token (401/403),
 * x-flex-instance-id, per-token rate limit, injected faults; then the handler. It also records the
 * request (start and end) whatever the outcome. Per request it does a few map lookups and no
 * timers (a timer only when latency is injected).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts.js';
import type { AccessTokenState } from '../auth/sessions.js';
import { headerValue, requestOrigin, requestPath } from '../http.js';
import type { SimulatorRuntime, World } from '../world.js';
import { MISSING_INSTANCE_ID, RATE_EXCEEDED, TOKEN_EXPIRED, UNAUTHORIZED, faultResult, type WorkResult } from './responses.js';

/** What a handler gets: the caller, already authenticated and admitted. */
export interface WorkContext {
  world: World;
  account: Account;
  token: AccessTokenState;
  instanceId: string;
  clientId: string | null;
  /** Clock time after any injected latency. */
  now: number;
  request: FastifyRequest;
}

export type WorkHandler = (ctx: WorkContext) => WorkResult;

export function workRoute(runtime: SimulatorRuntime, handler: WorkHandler) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // One world for the whole request, even if a reset happens during injected latency.
    const world = runtime.world;
    const path = requestPath(req);
    const instanceId = headerValue(req, 'x-flex-instance-id');
    const clientId = headerValue(req, 'x-sim-client');
    const finish = world.record.begin({ kind: 'work', method: req.method, path, instanceId, clientId });
    let accountId: string | null = null;
    let tokenId: number | null = null;
    let latencyMs = 0;
    const send = (result: WorkResult): FastifyReply => {
      finish({ status: result.status, outcome: result.outcome, accountId, tokenId, latencyMs });
      if (result.headers) reply.headers(result.headers);
      return reply.code(result.status).send(result.body);
    };

    const accessToken = headerValue(req, 'x-amz-access-token');
    const check = accessToken ? world.sessions.check(accessToken, world.now()) : ({ kind: 'unknown' } as const);
    if (check.kind === 'unknown') return send(UNAUTHORIZED);
    const token = check.state;
    accountId = token.accountId;
    tokenId = token.tokenId;
    if (check.kind === 'expired') return send(TOKEN_EXPIRED);
    if (!instanceId) return send(MISSING_INSTANCE_ID);
    if (!world.limiter.tryAcquire(token.token, world.now())) return send(RATE_EXCEEDED);

    const decision = world.faults.decide(token.accountId, path);
    latencyMs = decision.latencyMs;
    if (latencyMs > 0) await sleep(latencyMs);
    if (decision.rule?.kind === 'reset') {
      finish({ status: 0, outcome: 'fault_reset', accountId, tokenId, latencyMs });
      reply.hijack();
      req.raw.socket?.destroy();
      return reply;
    }
    if (decision.rule?.kind === 'tokenExpiry') world.sessions.expireAccessToken(token.token, world.now());
    if (decision.rule) return send(faultResult(decision.rule, requestOrigin(req)));

    const account = world.accounts.getOrCreate(token.email);
    try {
      return send(handler({ world, account, token, instanceId, clientId, now: world.now(), request: req }));
    } catch (error) {
      // A bug, not a platform behaviour: still recorded, then Fastify's error handler answers 500.
      finish({ status: 500, outcome: 'server_error', accountId, tokenId, latencyMs });
      throw error;
    }
  };
}
