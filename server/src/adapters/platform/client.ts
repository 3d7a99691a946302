/**
 * The platform client over HTTP (docs/PLATFORM.md sections 1-3): the token service and the work API
 * with the exact headers, each answer read once into the adapter's types and each error mapped to
 * its typed failure by `outcomes.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { ScheduledBlock } from '@blockpilot/shared/types';
import { HttpTransport, type HttpRequest } from './http.js';
import { normaliseEligibleAreas, normaliseOffersPage, normaliseSchedule, normaliseServiceAreaPool } from './offers.js';
import { classifyRefreshFailure, classifyRegisterFailure, classifyWorkFailure, unexpected, type PlatformFailure, type ReceivedResponse } from './outcomes.js';
import { acceptOfferBody, forfeitPath, getOffersBody, refreshBody, registerBody } from './requests.js';
import type {
  AccessTokenGrant,
  DeviceProfile,
  OffersPage,
  PlatformClient,
  PlatformClientOptions,
  PlatformEndpoints,
  PlatformResult,
  PlatformServiceArea,
  RegisterInput,
  RegisteredDevice,
  WorkCredentials,
} from './types.js';

/** The platform's Android app, as the public clients present themselves. */
export const DEFAULT_DEVICE_PROFILE: Readonly<DeviceProfile> = Object.freeze({
  appName: 'com.amazon.rabbit',
  appVersion: '303338310',
  deviceType: 'A1MPSLFC7L5AFK',
  osVersion: 'LGE/joan/joan:8.1.0/OPM1.171019.026/V4120b:user/release-keys',
  softwareVersion: '130050002',
  userAgent: 'Dalvik/2.1.0 (Linux; U; Android 8.1.0; LM-Q710(FGN) Build/OPM1.171019.026)',
});

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECTIONS_PER_ORIGIN = 64;

/** Reads a 2xx body into a value; null means the body is not the documented shape. */
type BodyReader<T> = (json: unknown) => T | null;

const readNothing: BodyReader<void> = () => undefined;

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The three base URLs of a simulator that serves every role from one origin (the embedded default). */
export function simulatorEndpoints(baseUrl: string): PlatformEndpoints {
  return { signIn: baseUrl, tokens: baseUrl, work: baseUrl };
}

/** A client for one region's hosts. Close it to release its connections. */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return new HttpPlatformClient(options);
}

class HttpPlatformClient implements PlatformClient {
  readonly endpoints: Readonly<PlatformEndpoints>;
  readonly device: Readonly<DeviceProfile>;
  private readonly transport: HttpTransport;
  private readonly now: () => number;
  private readonly extraWorkHeaders: Readonly<Record<string, string>>;
  private readonly tokenHeaders: Record<string, string>;
  private readonly constantHeaders = new WeakMap<WorkCredentials, Readonly<Record<string, string>>>();

  constructor(options: PlatformClientOptions) {
    this.endpoints = Object.freeze({ ...options.endpoints });
    this.device = options.device ?? DEFAULT_DEVICE_PROFILE;
    this.now = options.now ?? Date.now;
    this.extraWorkHeaders = options.extraWorkHeaders ?? {};
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
    this.transport = new HttpTransport({ timeoutMs, connectionsPerOrigin: options.connectionsPerOrigin ?? DEFAULT_CONNECTIONS_PER_ORIGIN });
    this.tokenHeaders = { 'User-Agent': this.device.userAgent, 'Content-Type': 'application/json', Accept: 'application/json' };
  }

  async register(input: RegisterInput): Promise<PlatformResult<RegisteredDevice>> {
    const issuedAtMs = this.now();
    const sent = await this.transport.send(this.tokenRequest('/auth/register', registerBody(input, this.device)));
    if (!sent.ok) return sent;
    const answer = sent.value;
    if (!isSuccess(answer)) return classifyRegisterFailure(answer);
    const success = field(field(answer.json, 'response'), 'success');
    const bearer = field(field(success, 'tokens'), 'bearer');
    const accessToken = field(bearer, 'access_token');
    const refreshToken = field(bearer, 'refresh_token');
    const expiresIn = field(bearer, 'expires_in');
    const userId = field(field(field(success, 'extensions'), 'customer_info'), 'user_id');
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !isPositiveNumber(expiresIn) || typeof userId !== 'string') {
      return unreadable(answer);
    }
    return { ok: true, value: { userId, tokens: { accessToken, refreshToken, issuedAtMs, expiresAtMs: issuedAtMs + expiresIn * 1000 } } };
  }

  async refresh(refreshToken: string): Promise<PlatformResult<AccessTokenGrant>> {
    // The lifetime counts from before the request left, so the token is never believed fresher than it is.
    const issuedAtMs = this.now();
    const sent = await this.transport.send(this.tokenRequest('/auth/token', refreshBody(refreshToken, this.device)));
    if (!sent.ok) return sent;
    const answer = sent.value;
    if (!isSuccess(answer)) return classifyRefreshFailure(answer);
    const accessToken = field(answer.json, 'access_token');
    const expiresIn = field(answer.json, 'expires_in');
    if (typeof accessToken !== 'string' || !isPositiveNumber(expiresIn)) return unreadable(answer);
    return { ok: true, value: { accessToken, issuedAtMs, expiresAtMs: issuedAtMs + expiresIn * 1000 } };
  }

  eligibleServiceAreas(credentials: WorkCredentials): Promise<PlatformResult<string[]>> {
    return this.work(credentials, 'GET', '/eligibleServiceAreas', undefined, normaliseEligibleAreas);
  }

  getOfferFiltersOptions(credentials: WorkCredentials): Promise<PlatformResult<PlatformServiceArea[]>> {
    return this.work(credentials, 'GET', '/getOfferFiltersOptions', undefined, normaliseServiceAreaPool);
  }

  async getOffers(credentials: WorkCredentials, serviceAreaIds: readonly string[]): Promise<PlatformResult<OffersPage>> {
    // This attempt leaves now: after any token refresh and retry before it (docs/ENGINE.md "Pace").
    const sentAt = performance.now();
    const page = await this.work(credentials, 'POST', '/GetOffersForProviderPost', getOffersBody(serviceAreaIds), normaliseOffersPage);
    if (page.ok) page.value.sentAt = sentAt;
    return page;
  }

  acceptOffer(credentials: WorkCredentials, offerId: string): Promise<PlatformResult<void>> {
    return this.work(credentials, 'POST', '/AcceptOffer', acceptOfferBody(offerId), readNothing);
  }

  scheduledAssignments(credentials: WorkCredentials): Promise<PlatformResult<ScheduledBlock[]>> {
    return this.work(credentials, 'GET', '/scheduledAssignments', undefined, normaliseSchedule);
  }

  forfeit(credentials: WorkCredentials, startTimeSeconds: number): Promise<PlatformResult<void>> {
    if (!Number.isFinite(startTimeSeconds)) throw new RangeError('startTimeSeconds must be a finite number');
    return this.work(credentials, 'DELETE', forfeitPath(startTimeSeconds), undefined, readNothing);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private tokenRequest(path: string, body: string): HttpRequest {
    return { method: 'POST', base: this.endpoints.tokens, path, headers: this.tokenHeaders, body };
  }

  /**
   * The work API's headers: what is constant for a set of credentials is built once (an accept
   * on the live path only adds its request id and client time); a session replaces its
   * credentials object on refresh, so a cached set never outlives its token.
   */
  private workHeaders(credentials: WorkCredentials): Record<string, string> {
    let constant = this.constantHeaders.get(credentials);
    if (!constant) {
      constant = {
        ...this.extraWorkHeaders,
        'x-amz-access-token': credentials.accessToken,
        'x-flex-instance-id': credentials.instanceId,
        'User-Agent': this.device.userAgent,
        'Content-Type': 'application/json',
      };
      this.constantHeaders.set(credentials, constant);
    }
    return { ...constant, 'X-Amzn-RequestId': randomUUID(), 'X-Flex-Client-Time': String(this.now()) };
  }

  private async work<T>(credentials: WorkCredentials, method: HttpRequest['method'], path: string, body: string | undefined, read: BodyReader<T>): Promise<PlatformResult<T>> {
    const sent = await this.transport.send({ method, base: this.endpoints.work, path, headers: this.workHeaders(credentials), body });
    if (!sent.ok) return sent;
    const answer = sent.value;
    if (!isSuccess(answer)) return classifyWorkFailure(answer);
    const value = read(answer.json);
    return value === null ? unreadable(answer) : { ok: true, value };
  }
}

function isSuccess(answer: ReceivedResponse): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** A 2xx whose body is not the documented shape: protocol drift, reported rather than guessed at. */
function unreadable(answer: ReceivedResponse): PlatformFailure {
  return unexpected(answer.status, `unreadable body: ${answer.text}`);
}
