/**
 * The Fastify app: body parsers, error shapes, and the route groups (sign-in pages, token
 * service, work API, control API) all on one origin.
 */
import { fastify, type FastifyInstance } from 'fastify';
import { registerSignInRoutes } from './auth/signInRoutes.js';
import { registerTokenRoutes } from './auth/tokenRoutes.js';
import { registerControlRoutes } from './controlRoutes.js';
import type { SimulatorControl } from './types.js';
import { markArrival } from './http.js';
import { InputError } from './validate.js';
import { registerWorkRoutes } from './workApi/routes.js';
import type { SimulatorRuntime } from './world.js';

function badBody(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * Clients send `Content-Type: application/json` on every call, GET and DELETE included, often with
 * no body; Fastify's own parser rejects that, so an empty body parses as "no body" here.
 */
function addBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badBody('Body is not valid JSON'), undefined);
    }
  });
  // The sign-in form, and token calls made the OAuth way.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Any other type (or none) reaches the route as text instead of Fastify's bare 415, so the work
  // API can answer a wrong Content-Type itself (400, recorded) and the control API says "must be an object".
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

export function buildServer(runtime: SimulatorRuntime, control: SimulatorControl): FastifyInstance {
  const options = runtime.world.options;
  const app = fastify({ logger: options.logger });
  addBodyParsers(app);
  // The first moment the simulator sees a request: the arrival time of the record.
  app.addHook('onRequest', (req, _reply, done) => {
    markArrival(req, runtime.world.preciseNow());
    done();
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    if (error instanceof InputError) return reply.code(400).send({ message: error.message });
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) reply.log.error(error);
    return reply.code(status).send({ message: status === 500 ? 'Internal Server Error' : error.message });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not Found' }));

  registerSignInRoutes(app, runtime);
  registerTokenRoutes(app, runtime);
  registerWorkRoutes(app, runtime);
  if (options.controlApi) registerControlRoutes(app, control);
  return app;
}
