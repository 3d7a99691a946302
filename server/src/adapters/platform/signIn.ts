/**
 * The browser half of connecting an account (docs/PLATFORM.md section 1, steps 2-3): the challenge URL
 * the driver opens, and reading the authorization code back out of the landing URL they paste.
 */
import { clientIdFor, createPkcePair } from './pkce.js';
import type { DeviceProfile, PlatformEndpoints } from './types.js';

/** Sign-in handle of the North American marketplace: the default when a region gives none. */
export const DEFAULT_ASSOC_HANDLE = 'amzn_device_na';
const SIGN_IN_PATH = '/ap/signin';
const LANDING_PATH = '/ap/maplanding';
const CODE_PARAMETER = 'openid.oa2.authorization_code';

/** What the connect call hands the driver, and what the server must keep until register. */
export interface SignInChallenge {
  /** Where the driver signs in. */
  url: string;
  /** The PKCE verifier; sent back with the code on register (and bound to the user server-side). */
  codeVerifier: string;
  /** The device serial the challenge's `client_id` was made from; register needs the same one. */
  deviceSerial: string;
}

/** Appends a path to a base URL that may carry its own path prefix. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/**
 * The challenge URL with exactly the parameters of docs/PLATFORM.md section 1 step 2, for a fresh PKCE
 * pair and the given device serial.
 */
export function createSignInChallenge(endpoints: PlatformEndpoints, device: Pick<DeviceProfile, 'deviceType'>, deviceSerial: string): SignInChallenge {
  const { codeVerifier, codeChallenge } = createPkcePair();
  const assocHandle = endpoints.assocHandle ?? DEFAULT_ASSOC_HANDLE;
  const query = new URLSearchParams({
    'openid.oa2.response_type': 'code',
    'openid.oa2.code_challenge_method': 'S256',
    'openid.oa2.code_challenge': codeChallenge,
    'openid.oa2.client_id': `device:${clientIdFor(deviceSerial, device.deviceType)}`,
    'openid.oa2.scope': 'device_auth_access',
    'openid.return_to': `${new URL(endpoints.signIn).origin}${LANDING_PATH}`,
    'openid.mode': 'checkid_setup',
    'openid.assoc_handle': assocHandle,
    pageId: assocHandle,
  });
  return { url: `${joinUrl(endpoints.signIn, SIGN_IN_PATH)}?${query}`, codeVerifier, deviceSerial };
}

/**
 * The authorization code from the URL the driver pasted, or null when it is not the landing page
 * of this region's sign-in (another origin, another path, no code). Surrounding spaces are ignored.
 */
export function authorizationCodeFromLandingUrl(pastedUrl: string, endpoints: Pick<PlatformEndpoints, 'signIn'>): string | null {
  let url: URL;
  try {
    url = new URL(pastedUrl.trim());
  } catch {
    return null;
  }
  if (url.origin !== new URL(endpoints.signIn).origin || url.pathname !== LANDING_PATH) return null;
  const code = url.searchParams.get(CODE_PARAMETER);
  return code && /^[A-Za-z0-9_-]+$/.test(code) ? code : null;
}
