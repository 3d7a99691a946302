/**
 * What the platform-account calls of /api/user answer (docs/PRODUCT.md section 7): the stations,
 * the schedule, and the challenge a connect starts with. The server answers with these schemas
 * and the client's types are derived from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */
import type { FromContract } from './fields.js';

/** A delivery station the platform offers blocks in. */
export const serviceAreaSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'shortName', 'fullName'],
  properties: {
    id: { type: 'string' },
    shortName: { type: 'string' },
    fullName: { type: 'string' },
    eligible: {
      type: 'boolean',
      description: 'Whether the connected platform account may work this station, as the engine last read it (docs/LIVE.md "Eligible stations"); absent while never read',
    },
  },
} as const;

/** An accepted block on the driver's platform schedule. */
export const scheduledBlockSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['startTime', 'endTime', 'serviceAreaId', 'price'],
  properties: {
    startTime: { type: 'number', description: 'Epoch seconds' },
    endTime: { type: 'number', description: 'Epoch seconds' },
    serviceAreaId: { type: 'string' },
    price: { type: 'number', description: 'Booked price in currency units' },
  },
} as const;

/** The connect call's failure answer (its `challenge_session`): where the driver signs in, and the PKCE verifier. */
export const challengeSessionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['challenge_url', 'code_verifier'],
  properties: { challenge_url: { type: 'string' }, code_verifier: { type: 'string' } },
} as const;

export type ServiceArea = FromContract<typeof serviceAreaSchema>;
export type ScheduledBlock = FromContract<typeof scheduledBlockSchema>;
export type ChallengeSession = FromContract<typeof challengeSessionSchema>;
