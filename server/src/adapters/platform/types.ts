/**
 * The delivery platform as the rest of the server sees it (docs/PLATFORM.md): the one client interface,
 * what each call takes and returns, and the typed outcomes every platform error becomes. Nothing
 * here knows about HTTP; `client.ts` implements it over undici.
 */
import type { ScheduledBlock } from '@blockpilot/shared/types';
import type { PlatformFailure } from './outcomes.js';

export type { PlatformFailure, PlatformFailureKind, TransientCause } from './outcomes.js';

/**
 * Base URLs of one region's three hosts (docs/PLATFORM.md "Hosts"): sign-in page, token service, work
 * API. Hosts are configuration, never constants: the embedded default points all three at the
 * simulator. A base may carry a path prefix (`http://host/prefix`); call paths are appended to it.
 */
export interface PlatformEndpoints {
  /** Origin of the sign-in page, e.g. `https://www.amazon.com`; `/ap/signin` is appended. */
  signIn: string;
  /** Token service, e.g. `https://api.amazon.com` (`/auth/register`, `/auth/token`). */
  tokens: string;
  /** Work API, e.g. `https://flex-capacity-na.amazon.com`. */
  work: string;
  /** `openid.assoc_handle` and `pageId` of the region's sign-in. Default `amzn_device_na`. */
  assocHandle?: string;
}

/**
 * How the product presents itself as a device of the platform's app: sent on register
 * (`registration_data`) and as the User-Agent of every call. Identification only: nothing here
 * signs or attests anything.
 */
export interface DeviceProfile {
  appName: string;
  appVersion: string;
  /** Device type code; part of the `client_id` and of `registration_data`. */
  deviceType: string;
  osVersion: string;
  softwareVersion: string;
  userAgent: string;
}

/** Options of {@link createPlatformClient}. */
export interface PlatformClientOptions {
  endpoints: PlatformEndpoints;
  /** Default {@link DEFAULT_DEVICE_PROFILE}. */
  device?: DeviceProfile;
  /**
   * Deadline of every call in ms, covering connect, response headers and the whole body. A call
   * past it resolves to a `transient` outcome with cause `timeout`; it never hangs. Default 10000.
   */
  timeoutMs?: number;
  /** Keep-alive connections per origin. Default 64. */
  connectionsPerOrigin?: number;
  /** Time source (epoch ms) for token lifetimes and `X-Flex-Client-Time`. Default `Date.now`. */
  now?: () => number;
  /**
   * Extra headers on every work-API call, e.g. the simulator's `x-sim-client` worker id. Leave
   * empty against the real platform.
   */
  extraWorkHeaders?: Readonly<Record<string, string>>;
}

/** What every work-API call needs: the account's current access token and its instance id. */
export interface WorkCredentials {
  accessToken: string;
  /** `x-flex-instance-id`: one UUID per connected account, kept for the account's lifetime. */
  instanceId: string;
}

/** A successful call. */
export interface PlatformOk<T> {
  ok: true;
  value: T;
}

/** Either the call's value or exactly one typed failure; platform errors never throw. */
export type PlatformResult<T> = PlatformOk<T> | PlatformFailure;

/** An access token and when it was issued / stops working, by the client's clock (epoch ms). */
export interface AccessTokenGrant {
  accessToken: string;
  issuedAtMs: number;
  /** issuedAtMs + expires_in seconds. */
  expiresAtMs: number;
}

/** Everything a connected account's tokens are: what gets encrypted and stored. */
export interface PlatformTokens extends AccessTokenGrant {
  /** Long-lived; exchanged for new access tokens until the device is deregistered. */
  refreshToken: string;
}

/** The register call's input: the code from the landing URL, the PKCE verifier, the device serial. */
export interface RegisterInput {
  authorizationCode: string;
  codeVerifier: string;
  /** The serial the sign-in challenge was made for (its `client_id` is derived from it). */
  deviceSerial: string;
}

/** A device registered for an account. */
export interface RegisteredDevice {
  /** The platform's account id (`customer_info.user_id`). */
  userId: string;
  tokens: PlatformTokens;
}

/** A service area as the platform names it (`getOfferFiltersOptions`). */
export interface PlatformServiceArea {
  id: string;
  /** e.g. "Seattle (DWA6) - Amazon.com". */
  name: string;
  /** The station's position, degrees, when the platform gives it (travel times: docs/ENGINE.md "Schedule"). */
  location?: { latitude: number; longitude: number };
}

/**
 * One offered block, parsed and normalised once when the response arrives. Wire times stay as
 * given (epoch seconds, possibly fractional) for logs and forfeits; `startMs`/`endMs`/`priceCents`
 * are integers the matcher compares without further conversion.
 */
export interface NormalisedOffer {
  offerId: string;
  serviceAreaId: string;
  /** Block start, epoch seconds as sent (may have a fraction). Not `expirationDate`. */
  startTime: number;
  /** Block end, epoch seconds as sent. */
  endTime: number;
  /** round(startTime x 1000). */
  startMs: number;
  /** round(endTime x 1000); never before startMs. */
  endMs: number;
  /** Price of the whole block in currency units, as sent. */
  priceAmount: number;
  /** round(priceAmount x 100). */
  priceCents: number;
  currency: string;
  isSurge: boolean;
  surgeMultiplier: number | null;
  /** When the offer stops being offered, epoch seconds (not the block's start); 0 when not sent. */
  expirationDate: number;
  offerType: 'NON_EXCLUSIVE' | 'EXCLUSIVE';
  hidden: boolean;
}

/** One `GetOffersForProviderPost` answer. */
export interface OffersPage {
  offers: NormalisedOffer[];
  /** Offers of the response that lacked a required field and were left out. */
  malformedOffers: number;
  /** The polling cadence the platform asks for, ms; the engine never polls faster. */
  refreshIntervalMs: number;
  /** `refreshTimeout` as sent, ms, or null. */
  refreshTimeoutMs: number | null;
  /**
   * When the HTTP client sent this poll (`performance.now()`): after any token refresh and retry
   * before it. Set by the client; the pace counts from it (docs/ENGINE.md "Pace").
   */
  sentAt?: number;
}

/**
 * The one client of the platform's protocol. Every method resolves (never rejects for a platform
 * or network error) to the value or one {@link PlatformFailure}; only programming errors throw.
 * Work calls take the credentials explicitly; {@link PlatformSession} supplies and refreshes them.
 */
export interface PlatformClient {
  /** The region's hosts this client talks to. */
  readonly endpoints: Readonly<PlatformEndpoints>;
  /** The device profile sent on register and as User-Agent. */
  readonly device: Readonly<DeviceProfile>;
  /**
   * `POST /auth/register`: exchanges the authorization code and PKCE verifier for tokens.
   * Failures: `invalidAuthorizationCode` (400), `transient`, `unexpected`.
   */
  register(input: RegisterInput): Promise<PlatformResult<RegisteredDevice>>;
  /**
   * `POST /auth/token`: a new access token for the refresh token.
   * Failures: `deviceDeregistered` (400 invalid parameter : source_token), `transient`, `unexpected`.
   */
  refresh(refreshToken: string): Promise<PlatformResult<AccessTokenGrant>>;
  /** `GET /eligibleServiceAreas`: ids of the areas the account may work in. */
  eligibleServiceAreas(credentials: WorkCredentials): Promise<PlatformResult<string[]>>;
  /** `GET /getOfferFiltersOptions`: every area of the account's region, with names. */
  getOfferFiltersOptions(credentials: WorkCredentials): Promise<PlatformResult<PlatformServiceArea[]>>;
  /** `POST /GetOffersForProviderPost` for these areas: the normalised offers and the refresh interval. */
  getOffers(credentials: WorkCredentials, serviceAreaIds: readonly string[]): Promise<PlatformResult<OffersPage>>;
  /** `POST /AcceptOffer`. A lost race is the `offerTaken` failure (410). */
  acceptOffer(credentials: WorkCredentials, offerId: string): Promise<PlatformResult<void>>;
  /** `GET /scheduledAssignments`: the driver's booked blocks not yet finished. */
  scheduledAssignments(credentials: WorkCredentials): Promise<PlatformResult<ScheduledBlock[]>>;
  /**
   * `DELETE /schedule/blocks/{startTime}` (whole epoch seconds of the block's start; a fraction
   * is dropped). A 404 (no block starts then) is the `notFound` failure. Throws a RangeError for
   * a non-finite start (a bug, not a platform answer).
   */
  forfeit(credentials: WorkCredentials, startTimeSeconds: number): Promise<PlatformResult<void>>;
  /** Closes the keep-alive connections (in-flight calls finish first); calls after this reject. */
  close(): Promise<void>;
}
