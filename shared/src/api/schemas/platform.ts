/**
 * What the platform-account calls of /api/user answer (docs/PRODUCT.md section 7): the stations,
 * the schedule, and the challenge a connect starts with. The server answers with these schemas
 * and the client's types are derived from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import { closedObject, type FromContract } from './fields.js';

/** A delivery station the platform offers blocks in. */
export const serviceAreaSchema = closedObject(['id', 'shortName', 'fullName'], {
  id: { type: 'string' },
  shortName: { type: 'string' },
  fullName: { type: 'string' },
  eligible: {
    type: 'boolean',
    description: 'Whether the connected platform account may work this station, as the engine last read it (docs/LIVE.md "Eligible stations"); absent while never read',
  },
});

/** An accepted block on the driver's platform schedule. */
export const scheduledBlockSchema = closedObject(['startTime', 'endTime', 'serviceAreaId', 'price'], {
  startTime: { type: 'number', description: 'Epoch seconds' },
  endTime: { type: 'number', description: 'Epoch seconds' },
  serviceAreaId: { type: 'string' },
  price: { type: 'number', description: 'Booked price in currency units' },
});

/** The connect call's failure answer (its `challenge_session`): where the driver signs in, and the PKCE verifier. */
export const challengeSessionSchema = closedObject(['challenge_url', 'code_verifier'], { challenge_url: { type: 'string' }, code_verifier: { type: 'string' } });

export type ServiceArea = FromContract<typeof serviceAreaSchema>;
export type ScheduledBlock = FromContract<typeof scheduledBlockSchema>;
export type ChallengeSession = FromContract<typeof challengeSessionSchema>;
