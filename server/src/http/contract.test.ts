import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountSchema, deleteFilterBody, filterSchema, saveFilterBody } from '@blockpilot/shared/api/schemas';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/index.js';
import type { Database } from '../db/types.js';
import { testConfig } from '../../test/config.js';
import { contractProblem, requireContractSchemas } from './contract.js';
import { envelopeOf, nullData, responses } from './schemas.js';

const handWritten = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
/** A success answer's schema, as every JSON route of the API has one. */
const answers = { response: responses(nullData) };

describe('the API contract rule (docs/ARCHITECTURE.md section 4.1, "The contract")', () => {
  it('takes only request schemas of the shared contract, by identity', () => {
    expect(contractProblem({ method: 'POST', url: '/api/user/deleteFilter', schema: { body: deleteFilterBody, ...answers } })).toBeNull();
    expect(contractProblem({ method: 'POST', url: '/api/user/deleteFilter', schema: { body: handWritten } })).toMatch(/body schema is not one of/);
    // A copy is a second place the shape is written: it drifts from the contract unseen.
    expect(contractProblem({ method: 'POST', url: '/api/user/saveFilter', schema: { body: structuredClone(saveFilterBody) } })).toMatch(/body schema/);
    expect(contractProblem({ method: 'GET', url: '/api/admin/users', schema: { querystring: handWritten } })).toMatch(/querystring schema/);
    expect(contractProblem({ method: 'DELETE', url: '/api/user/pushDevices/:id', schema: { params: handWritten } })).toMatch(/params schema/);
  });

  it('wants a body schema on every call that takes a body, unless the route says it reads none', () => {
    expect(contractProblem({ method: 'POST', url: '/api/user/startTrial', schema: {} })).toMatch(/no body schema/);
    expect(contractProblem({ method: ['PUT'], url: '/api/store/autoTopUp' })).toMatch(/no body schema/);
    expect(contractProblem({ method: 'POST', url: '/api/user/startTrial', config: { noJsonBody: true }, schema: answers })).toBeNull();
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: answers })).toBeNull();
    // Routes outside /api/ are not the API's (dev tools, the e-mailed links' pages).
    expect(contractProblem({ method: 'POST', url: '/dev/checkout/:orderId/complete', schema: { params: handWritten } })).toBeNull();
  });

  it('wants a response schema for the success of every JSON answer, unless the route says it answers something else', () => {
    expect(contractProblem({ method: 'GET', url: '/api/user' })).toMatch(/without a response schema/);
    // Only failures described is not enough: the success is what a handler could leak through.
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: { 400: { type: 'object' } } } })).toMatch(/without a response schema/);
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: { '2xx': envelopeOf(accountSchema) } } })).toBeNull();
    expect(contractProblem({ method: 'GET', url: '/api/calendar/:token.ics', config: { notJsonAnswer: true } })).toBeNull();
    expect(contractProblem({ method: 'GET', url: '/api/docs/json' })).toBeNull();
  });

  it("wants the success answer's data to be a schema of the shared contract, a list of one, or a bare value", () => {
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: responses(accountSchema, [401]) } })).toBeNull();
    expect(contractProblem({ method: 'GET', url: '/api/user/filters', schema: { response: responses({ type: 'array', items: filterSchema }) } })).toBeNull();
    expect(contractProblem({ method: 'GET', url: '/api/user/searching', schema: { response: responses({ type: 'boolean' }) } })).toBeNull();
    // A shape written beside the route is one the client's types (derived from the contract) do not know.
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: responses(handWritten) } })).toMatch(/success answer's data is not one of/);
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: responses(structuredClone(accountSchema)) } })).toMatch(/success answer's data/);
    expect(contractProblem({ method: 'GET', url: '/api/user/filters', schema: { response: responses({ type: 'array', items: handWritten }) } })).toMatch(/success answer's data/);
    expect(contractProblem({ method: 'GET', url: '/api/user', schema: { response: { 200: handWritten } } })).toMatch(/success answer's data/);
  });

  it('refuses such a route while the app is built, and no longer once its own routes are in', async () => {
    const app = Fastify();
    const close = requireContractSchemas(app);
    app.post('/api/user/deleteFilter', { schema: { body: deleteFilterBody, ...answers } }, async () => null);
    expect(() => app.post('/api/user/saveFilter', { schema: { body: handWritten } }, async () => null)).toThrow(/POST \/api\/user\/saveFilter: its body schema/);
    close();
    app.post('/api/test/anything', { schema: { body: handWritten } }, async () => null);
    await app.ready();
    await app.close();
  });

  describe('the app', () => {
    let database: Database;
    let app: FastifyInstance | undefined;
    before(async () => {
      database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    });
    after(async () => {
      await app?.close();
      await database.close();
    });

    it('builds: every /api/ route it registers takes its request schemas from the contract and describes its success answer', async () => {
      // buildApp installs the rule before any feature; one route breaking it fails the build.
      app = await buildApp({ config: testConfig(), database, serveFrontend: false });
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: 'not an address', password: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BP_ERR_VALIDATION', errors: { emailAddress: 'Enter a valid e-mail address.', password: 'This field is required.' } });
    });
  });
});
