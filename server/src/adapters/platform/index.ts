/** The platform adapter's public surface: import from here, not from the files behind it. */
export type * from './types.js';
export { createPlatformClient, simulatorEndpoints, DEFAULT_DEVICE_PROFILE, DEFAULT_TIMEOUT_MS } from './client.js';
export { PlatformSession, type PlatformSessionOptions } from './session.js';
export { createSignInChallenge, authorizationCodeFromLandingUrl, type SignInChallenge } from './signIn.js';
export { newDeviceSerial, createPkcePair, codeChallengeFor, clientIdFor, type PkcePair } from './pkce.js';
export { normaliseOffersPage, normaliseOffer, toCents } from './offers.js';
export { acceptOfferBody, getOffersBody } from './requests.js';
export { createPlatformGateway, type PlatformGateway } from './gateway.js';
export { platformConfig, withEmbeddedSimulator, DEFAULT_REGION_ENDPOINTS, type PlatformConfig } from './config.js';
