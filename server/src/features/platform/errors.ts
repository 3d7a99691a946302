/** Answers of the platform routes when the platform cannot be used for this request. */
import { HttpError } from '../../http/errors.js';

/** The platform did not answer usefully (down, slow, throttling): nothing was changed. */
export const platformUnavailable = () => new HttpError(503, 'Amazon Flex did not answer. Nothing was changed; please try again in a moment.', { headers: { 'Retry-After': '5' } });

/** The driver has no usable connected account. */
export const notConnected = () => new HttpError(409, 'Connect your Amazon Flex account first.', { redirect: '/connectAccount' });
