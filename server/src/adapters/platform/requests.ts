/**
 * Request bodies of the protocol (docs/PLATFORM.md sections 1-2), built in one place so the client, the
 * tests and the decision benchmark write exactly the same bytes.
 */
import { clientIdFor } from './pkce.js';
import type { DeviceProfile, RegisterInput } from './types.js';

/** `POST /auth/register` (section 1 step 4). */
export function registerBody(input: RegisterInput, device: DeviceProfile): string {
  return JSON.stringify({
    auth_data: {
      client_id: clientIdFor(input.deviceSerial, device.deviceType),
      authorization_code: input.authorizationCode,
      code_verifier: input.codeVerifier,
      code_algorithm: 'SHA-256',
      client_domain: 'DeviceLegacy',
    },
    registration_data: {
      app_name: device.appName,
      app_version: device.appVersion,
      device_type: device.deviceType,
      device_serial: input.deviceSerial,
      domain: 'Device',
      os_version: device.osVersion,
      software_version: device.softwareVersion,
    },
    requested_token_type: ['bearer'],
    requested_extensions: ['device_info', 'customer_info'],
  });
}

/** `POST /auth/token` (section 1 step 5). */
export function refreshBody(refreshToken: string, device: DeviceProfile): string {
  return JSON.stringify({
    app_name: device.appName,
    app_version: device.appVersion,
    source_token_type: 'refresh_token',
    source_token: refreshToken,
    requested_token_type: 'access_token',
  });
}

/** `POST /GetOffersForProviderPost` for these service areas. */
export function getOffersBody(serviceAreaIds: readonly string[]): string {
  return JSON.stringify({ apiVersion: 'V2', filters: { serviceAreaFilter: serviceAreaIds, timeFilter: {} }, serviceAreaIds });
}

/** `POST /AcceptOffer`. */
export function acceptOfferBody(offerId: string): string {
  return JSON.stringify({ offerId });
}

/** The path of the forfeit call: whole epoch seconds of the block's start (a fraction is dropped). */
export function forfeitPath(startTimeSeconds: number): string {
  return `/schedule/blocks/${Math.floor(startTimeSeconds)}`;
}
