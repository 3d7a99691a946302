/**
 * The token service: POST /auth/register (authorization code + PKCE verifier -> device tokens)
 * and POST /auth/token (refresh token -> access token), with the platform's error shapes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newDelivery, trackDelivery } from '../delivery.js';
import { arrivalOf, requestPath, headerValue } from '../http.js';
import type { RequestEnd } from '../record.js';
import { isObject, type JsonObject } from '../validate.js';
import type { SimulatorRuntime } from '../world.js';
import { verifyPkce } from './pkce.js';
import { stripDevicePrefix } from './signInRequest.js';

interface AuthResult {
  status: number;
  body: unknown;
  end: Omit<RequestEnd, 'status'>;
}

function registerError(code: 'MissingValue' | 'InvalidValue', message: string): AuthResult {
  return {
    status: 400,
    body: { response: { error: { code, message } } },
    end: { outcome: code === 'MissingValue' ? 'bad_request' : 'auth_failed', accountId: null, tokenId: null },
  };
}

function stringField(obj: JsonObject, key: string): string | null {
  const value = obj[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The refresh call's one error: the device is unknown or was deregistered. */
const INVALID_SOURCE_TOKEN: AuthResult = {
  status: 400,
  body: { error: 'invalid_grant', error_description: 'invalid parameter : source_token' },
  end: { outcome: 'auth_failed', accountId: null, tokenId: null },
};

export function registerTokenRoutes(app: FastifyInstance, runtime: SimulatorRuntime): void {
  /** Records the call and sends the result (both token-service routes share this). */
  const respond = (handler: (body: JsonObject) => AuthResult) => async (req: FastifyRequest, reply: FastifyReply) => {
    const world = runtime.world;
    const finish = world.record.begin({
      kind: 'auth',
      method: req.method,
      path: requestPath(req),
      instanceId: headerValue(req, 'x-flex-instance-id'),
      clientId: headerValue(req, 'x-sim-client'),
      arrivedAtMs: arrivalOf(req, world.preciseNow),
    });
    const result = handler(isObject(req.body) ? req.body : {});
    trackDelivery(reply.raw, newDelivery(), finish({ status: result.status, ...result.end }), world.preciseNow);
    return reply.code(result.status).send(result.body);
  };

  app.post(
    '/auth/register',
    respond((body) => {
      const world = runtime.world;
      const auth = isObject(body.auth_data) ? body.auth_data : null;
      const registration = isObject(body.registration_data) ? body.registration_data : null;
      if (!auth) return registerError('MissingValue', 'auth_data is required');
      if (!registration) return registerError('MissingValue', 'registration_data is required');
      const clientId = stringField(auth, 'client_id');
      const code = stringField(auth, 'authorization_code');
      const verifier = stringField(auth, 'code_verifier');
      if (!clientId || !code || !verifier) {
        return registerError('MissingValue', 'auth_data needs client_id, authorization_code and code_verifier');
      }
      if (auth.code_algorithm !== undefined && auth.code_algorithm !== 'SHA-256') {
        return registerError('InvalidValue', 'code_algorithm must be SHA-256');
      }
      const now = world.now();
      const issued = world.codes.get(code, now);
      if (!issued) return registerError('InvalidValue', 'The authorization code is invalid, expired or already used');
      if (issued.clientId !== stripDevicePrefix(clientId)) {
        return registerError('InvalidValue', 'client_id does not match the sign-in');
      }
      if (!verifyPkce(verifier, issued.codeChallenge)) {
        return registerError('InvalidValue', 'code_verifier does not match the code_challenge');
      }
      // Single use: the code is spent only by a successful exchange, so a typo can be retried.
      world.codes.delete(code);
      const account = world.accounts.getOrCreate(issued.email);
      const { device, access } = world.sessions.register(
        {
          accountId: account.id,
          email: account.email,
          clientId: stripDevicePrefix(clientId),
          deviceSerial: stringField(registration, 'device_serial') ?? '',
          deviceType: stringField(registration, 'device_type') ?? '',
        },
        now,
      );
      return {
        status: 200,
        body: {
          response: {
            success: {
              tokens: {
                bearer: {
                  access_token: access.token,
                  refresh_token: device.refreshToken,
                  expires_in: world.options.accessTokenLifetimeSeconds,
                },
              },
              extensions: { customer_info: { user_id: account.id } },
            },
          },
        },
        end: { outcome: 'ok', accountId: account.id, tokenId: access.tokenId },
      };
    }),
  );

  app.post(
    '/auth/token',
    respond((body) => {
      const world = runtime.world;
      if (body.source_token_type !== 'refresh_token' || body.requested_token_type !== 'access_token') {
        return {
          status: 400,
          body: { error: 'invalid_request', error_description: 'invalid parameter : source_token_type or requested_token_type' },
          end: { outcome: 'bad_request', accountId: null, tokenId: null },
        };
      }
      const source = stringField(body, 'source_token');
      const access = source ? world.sessions.refresh(source, world.now()) : null;
      if (!access) return INVALID_SOURCE_TOKEN;
      return {
        status: 200,
        body: { access_token: access.token, token_type: 'bearer', expires_in: world.options.accessTokenLifetimeSeconds },
        end: { outcome: 'ok', accountId: access.accountId, tokenId: access.tokenId },
      };
    }),
  );
}
