/**
 * One connected account's tokens, kept usable: the work calls of {@link PlatformClient} without the
 * credentials argument. The access token is refreshed in the background once it has lived 90% of
 * its lifetime (the call that notices goes on with the still-valid token), or before the call when
 * it has already expired. Refreshes are single-flight: concurrent callers share one. A 403 gets one
 * refresh and one retry. A deregistered device stays failed: every later call returns
 * `deviceDeregistered` at once, without traffic. A refresh that fails otherwise (transient,
 * unexpected) is the result of the call that needed it; the engine's backoff paces the next try,
 * and ahead-of-time attempts wait `refreshRetryMs` after a failure.
 */
import type { ScheduledBlock } from '@blockpilot/shared/types';
import type { PlatformFailure } from './outcomes.js';
import type { OffersPage, PlatformClient, PlatformResult, PlatformServiceArea, PlatformTokens, WorkCredentials } from './types.js';

/** Options of {@link PlatformSession}. */
export interface PlatformSessionOptions {
  client: PlatformClient;
  /** The account's tokens as stored (decrypted). An already expired access token is fine. */
  tokens: PlatformTokens;
  /** The account's `x-flex-instance-id`. */
  instanceId: string;
  /** Time source, epoch ms; use the client's. Default `Date.now`. */
  now?: () => number;
  /** Share of the access token's lifetime after which it is refreshed ahead of time. Default 0.9. */
  refreshAtFraction?: number;
  /** After a failed ahead-of-time refresh, wait this long before the next attempt (ms). Default 5000. */
  refreshRetryMs?: number;
  /**
   * Called synchronously with the new tokens after every successful refresh, to persist them
   * (encrypted). Do the storing asynchronously and handle its errors there; if this throws, the
   * error surfaces from the call that refreshed, or from the next call for a background refresh.
   */
  onTokensRefreshed?: (tokens: PlatformTokens) => void;
}

export const DEFAULT_REFRESH_AT_FRACTION = 0.9;
export const DEFAULT_REFRESH_RETRY_MS = 5000;

type WorkCall<T> = (credentials: WorkCredentials) => Promise<PlatformResult<T>>;

/** When a token that lives from issuedAtMs to expiresAtMs has used up `fraction` of its lifetime. */
function refreshDueAt(tokens: PlatformTokens, fraction: number): number {
  return tokens.issuedAtMs + fraction * (tokens.expiresAtMs - tokens.issuedAtMs);
}

/**
 * One connected account's work calls with its tokens supplied and kept fresh (see the file's
 * comment). Each method is the {@link PlatformClient} call of the same name for this account.
 */
export class PlatformSession {
  private readonly client: PlatformClient;
  private readonly instanceId: string;
  private readonly now: () => number;
  private readonly refreshAtFraction: number;
  private readonly refreshRetryMs: number;
  private readonly onTokensRefreshed: ((tokens: PlatformTokens) => void) | undefined;
  private current: PlatformTokens;
  /** The credentials object handed to the client; replaced (not mutated) on refresh. */
  private credentials: WorkCredentials;
  private refreshDueMs: number;
  private nextRefreshAttemptAtMs = 0;
  private inFlightRefresh: Promise<PlatformResult<PlatformTokens>> | null = null;
  private deregistered: PlatformFailure | null = null;
  private backgroundError: unknown = null;

  constructor(options: PlatformSessionOptions) {
    this.client = options.client;
    this.instanceId = options.instanceId;
    this.now = options.now ?? Date.now;
    this.refreshAtFraction = options.refreshAtFraction ?? DEFAULT_REFRESH_AT_FRACTION;
    if (!(this.refreshAtFraction > 0 && this.refreshAtFraction <= 1)) throw new RangeError('refreshAtFraction must be in (0, 1]');
    this.refreshRetryMs = options.refreshRetryMs ?? DEFAULT_REFRESH_RETRY_MS;
    this.onTokensRefreshed = options.onTokensRefreshed;
    this.current = { ...options.tokens };
    this.credentials = { accessToken: this.current.accessToken, instanceId: this.instanceId };
    this.refreshDueMs = refreshDueAt(this.current, this.refreshAtFraction);
  }

  /** The tokens in use now (after any refresh). */
  get tokens(): Readonly<PlatformTokens> {
    return this.current;
  }

  /** True once the platform said the device is deregistered: the account must be connected again. */
  get isDeregistered(): boolean {
    return this.deregistered !== null;
  }

  /** Epoch ms from which the next call starts an ahead-of-time refresh. */
  get refreshDueAtMs(): number {
    return this.refreshDueMs;
  }

  eligibleServiceAreas(): Promise<PlatformResult<string[]>> {
    return this.call((c) => this.client.eligibleServiceAreas(c));
  }

  getOfferFiltersOptions(): Promise<PlatformResult<PlatformServiceArea[]>> {
    return this.call((c) => this.client.getOfferFiltersOptions(c));
  }

  getOffers(serviceAreaIds: readonly string[]): Promise<PlatformResult<OffersPage>> {
    return this.call((c) => this.client.getOffers(c, serviceAreaIds));
  }

  acceptOffer(offerId: string): Promise<PlatformResult<void>> {
    return this.call((c) => this.client.acceptOffer(c, offerId));
  }

  scheduledAssignments(): Promise<PlatformResult<ScheduledBlock[]>> {
    return this.call((c) => this.client.scheduledAssignments(c));
  }

  forfeit(startTimeSeconds: number): Promise<PlatformResult<void>> {
    return this.call((c) => this.client.forfeit(c, startTimeSeconds));
  }

  /** Refreshes the access token now, joining a refresh already under way. */
  refresh(): Promise<PlatformResult<PlatformTokens>> {
    if (this.deregistered) return Promise.resolve(this.deregistered);
    this.inFlightRefresh ??= this.exchangeRefreshToken().finally(() => {
      this.inFlightRefresh = null;
    });
    return this.inFlightRefresh;
  }

  private async call<T>(work: WorkCall<T>): Promise<PlatformResult<T>> {
    if (this.backgroundError !== null) {
      const error = this.backgroundError;
      this.backgroundError = null;
      throw error;
    }
    if (this.deregistered) return this.deregistered;
    const now = this.now();
    if (now >= this.current.expiresAtMs) {
      const refreshed = await this.refresh();
      if (!refreshed.ok) return refreshed;
    } else if (now >= this.refreshDueMs && now >= this.nextRefreshAttemptAtMs && !this.inFlightRefresh) {
      // Still valid for a while: refresh alongside this call instead of making it wait.
      this.refresh().catch((error: unknown) => {
        this.backgroundError = error;
      });
    }
    const used = this.credentials;
    const first = await work(used);
    if (first.ok || first.kind !== 'tokenExpired') return first;
    // 403: refresh once, unless another call already replaced the token this one used; retry once.
    if (this.credentials === used) {
      const refreshed = await this.refresh();
      if (!refreshed.ok) return refreshed;
    }
    return work(this.credentials);
  }

  private async exchangeRefreshToken(): Promise<PlatformResult<PlatformTokens>> {
    const result = await this.client.refresh(this.current.refreshToken);
    if (!result.ok) {
      if (result.kind === 'deviceDeregistered') this.deregistered = result;
      else this.nextRefreshAttemptAtMs = this.now() + this.refreshRetryMs;
      return result;
    }
    this.current = { ...result.value, refreshToken: this.current.refreshToken };
    this.credentials = { accessToken: this.current.accessToken, instanceId: this.instanceId };
    this.refreshDueMs = refreshDueAt(this.current, this.refreshAtFraction);
    this.nextRefreshAttemptAtMs = 0;
    this.onTokensRefreshed?.(this.current);
    return { ok: true, value: this.current };
  }
}
