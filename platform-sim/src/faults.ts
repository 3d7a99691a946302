/**
 * Injected faults: which rule (if any) hits a work-API request, and what the hit looks like on the
 * wire. Rules for one account are indexed by its id, so thousands of per-account rules cost a map
 * lookup per request; rate rolls come from the seeded stream.
 */
import { userIdForEmail } from './accounts.js';
import { createRandom, hashSeed, type Random } from './random.js';
import type { FaultConfig, FaultKind, FaultRule } from './types.js';
import { InputError, asObject, isObject, optionalNumber, optionalOneOf, optionalString, optionalStringArray } from './validate.js';

export const FAULT_KINDS: readonly FaultKind[] = ['serverError', 'latency', 'reset', 'captcha', 'signing', 'unauthorized', 'tokenExpiry', 'throttle'];

export const DEFAULT_LATENCY_MS = 1000;
export const DEFAULT_SERVER_ERROR_STATUS = 503;

function parseRule(input: unknown, index: number): FaultRule {
  if (!isObject(input)) throw new InputError(`rules[${index}] must be an object`);
  const kind = optionalOneOf(input, 'kind', FAULT_KINDS);
  if (!kind) throw new InputError(`rules[${index}].kind is required (one of ${FAULT_KINDS.join(', ')})`);
  const rule: FaultRule = { kind };
  const rate = optionalNumber(input, 'rate', { min: 0, max: 1 });
  const accountId = optionalString(input, 'accountId');
  const email = optionalString(input, 'email');
  const paths = optionalStringArray(input, 'paths');
  const remaining = optionalNumber(input, 'remaining', { min: 0, integer: true });
  const status = optionalNumber(input, 'status', { min: 500, max: 599, integer: true });
  const latencyMs = optionalNumber(input, 'latencyMs', { min: 0, max: 600_000 });
  if (rate !== undefined) rule.rate = rate;
  if (accountId !== undefined) rule.accountId = accountId;
  if (email !== undefined) rule.email = email;
  if (paths !== undefined) rule.paths = paths;
  if (remaining !== undefined) rule.remaining = remaining;
  if (status !== undefined) rule.status = status;
  if (latencyMs !== undefined) rule.latencyMs = latencyMs;
  return rule;
}

/** Validates a fault set from JSON (unknown) input. */
export function parseFaultConfig(input: unknown): FaultConfig {
  const o = asObject(input, 'faults');
  const rules = o.rules ?? [];
  if (!Array.isArray(rules)) throw new InputError('rules must be an array');
  return { rules: rules.map(parseRule) };
}

/** What the fault plan decided for one request. */
export interface FaultDecision {
  /** Total injected delay before answering. */
  latencyMs: number;
  /** The rule that decides the response, if any (never a latency rule). */
  rule: FaultRule | null;
}

const NO_FAULT: FaultDecision = { latencyMs: 0, rule: null };

export class FaultPlan {
  private readonly global: FaultRule[] = [];
  private readonly byAccount = new Map<string, FaultRule[]>();
  private readonly all: FaultRule[];
  private readonly rng: Random;

  constructor(config: FaultConfig, seed: number) {
    // Copies, so spending `remaining` never mutates the caller's object.
    this.all = config.rules.map((r) => ({ ...r }));
    for (const rule of this.all) {
      const accountId = rule.accountId ?? (rule.email !== undefined ? userIdForEmail(rule.email) : undefined);
      if (accountId === undefined) {
        this.global.push(rule);
      } else {
        const list = this.byAccount.get(accountId) ?? [];
        list.push(rule);
        this.byAccount.set(accountId, list);
      }
    }
    this.rng = createRandom(hashSeed(seed, 'faults'));
  }

  /** The account's rules first, then the global ones; latency adds up, the first other hit decides. */
  decide(accountId: string, path: string): FaultDecision {
    if (this.all.length === 0) return NO_FAULT;
    let latencyMs = 0;
    let decisive: FaultRule | null = null;
    for (const list of [this.byAccount.get(accountId), this.global]) {
      if (!list) continue;
      for (const rule of list) {
        if (decisive && rule.kind !== 'latency') continue;
        if (!this.hits(rule, path)) continue;
        if (rule.kind === 'latency') latencyMs += rule.latencyMs ?? DEFAULT_LATENCY_MS;
        else decisive = rule;
      }
    }
    return latencyMs === 0 && decisive === null ? NO_FAULT : { latencyMs, rule: decisive };
  }

  /** The current rules, with what is left of their counts. */
  config(): FaultConfig {
    return { rules: this.all.map((r) => ({ ...r })) };
  }

  private hits(rule: FaultRule, path: string): boolean {
    if (rule.remaining !== undefined && rule.remaining <= 0) return false;
    if (rule.paths && !rule.paths.some((p) => path.startsWith(p))) return false;
    if (rule.rate !== undefined && rule.rate < 1 && !this.rng.chance(rule.rate)) return false;
    if (rule.remaining !== undefined) rule.remaining--;
    return true;
  }
}
