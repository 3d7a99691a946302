/** Answers of the platform routes when the platform cannot be used for this request. */
import { refusal } from '../../domain/errors.js';

/** The platform did not answer usefully (down, slow, throttling): nothing was changed. */
export const platformUnavailable = () => refusal('BP_ERR_PLATFORM_UNAVAILABLE');

/** The driver has no usable connected account. */
export const notConnected = () => refusal('BP_ERR_PLATFORM_NOT_CONNECTED');
