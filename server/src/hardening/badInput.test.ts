/**
 * Suite 1, bad input: every documented route is attacked with requests generated from its own
 * schema (see fuzzRequests.ts) and must answer without a 5xx, refuse what is invalid with the
 * envelope (errors per field for schema failures), and leave the database as it was whenever it
 * refuses. Seeded: the same requests every run.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import { issueToken } from '../features/auth/tokens.js';
import { bearer } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { fakeStripeApi, fakeStripeGateway, stripeEnv } from '../../test/stripe.js';
import { fuzzCases, isFuzzed, withCredentials } from '../../test/hardening/fuzzRequests.js';
import { runFuzzCases, type FuzzFigures } from '../../test/hardening/fuzzRunner.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from '../../test/hardening/hardenedApp.js';
import { documentedOperations, registeredRoutes } from '../../test/hardening/routeInventory.js';

const SEED = 7_2024;
/** The release registry's all-remote deploy token, so its routes are attacked past their token check too. */
const DEPLOY_TOKEN = 'fuzz-deploy-token-0123456789abcdef';
/** Per database; both databases together make the run's total. */
const REQUESTS_PER_DATABASE = Number(process.env.FUZZ_REQUESTS_PER_DATABASE ?? 5000);

// Routes deliberately left out of the OpenAPI document: the API docs themselves, the dev checkout's pages, and release files (static, served by their
// recorded hash; the route tree prints their wildcard route as a bare `*`).
const UNDOCUMENTED = [/^(GET|POST) \/api\/docs/, /^(GET|POST) \/dev\/checkout\//, /^GET (\/releases\/\{remote\}\/\{version\}\/)?\*$/];

describeEachDatabase('bad input: every documented route fuzzed from its schema', (database) => {
  let h: HardenedApp;
  before(async () => {
    h = await startHardenedApp(database(), { env: { ...stripeEnv, RELEASE_TOKEN: DEPLOY_TOKEN }, adapters: { payments: fakeStripeGateway(fakeStripeApi()) } });
  });
  after(async () => {
    await h.app.close();
  });

  it('documents every route it serves, so the fuzzer attacks them all', () => {
    const documented = new Set(documentedOperations(h.app).map((op) => `${op.method} ${op.path}`));
    const missing = registeredRoutes(h.app).filter((route) => !documented.has(route) && !UNDOCUMENTED.some((pattern) => pattern.test(route)));
    expect(missing).toEqual([]);
    expect(documented.size).toBeGreaterThan(20);
  });

  it(`answers ${REQUESTS_PER_DATABASE} fuzzed requests with no 5xx, refuses bad ones in the envelope, and changes nothing when it refuses`, async (t) => {
    const driver = await h.signUp();
    const other = await h.signUp();
    const resetUser = await h.signUp();
    const idsOf = async (userId: string, token: string) => {
      await h.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1000 }, headers: bearer(token) });
      const filters = await h.database.db.selectFrom('filters').select('id').where('user_id', '=', userId).execute();
      const orders = await h.database.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();
      return [userId, ...filters.map((f) => f.id), ...orders.map((o) => o.id)];
    };
    const known = { ids: [...(await idsOf(driver.id, driver.token)), ...(await idsOf(other.id, other.token))] };
    const newResetToken = () => issueToken(h.database.db, resetUser.id, 'reset', h.clock.now(), 3_600_000);
    const tokens = { access: driver.token, reset: await newResetToken(), deploy: DEPLOY_TOKEN };
    h.secrets.add('reset token', tokens.reset);
    h.secrets.add('deploy token', DEPLOY_TOKEN);

    const operations = documentedOperations(h.app);
    // The embedded tools answer only on this machine: attacked from there, or all they would say is 403.
    const onThisMachine = new Set(operations.filter((op) => op.tags.includes('development')).map((op) => op.path));
    const cases = fc.sample(fuzzCases(operations, known), { seed: SEED, numRuns: REQUESTS_PER_DATABASE });
    const figures: FuzzFigures = await runFuzzCases(cases, {
      database: h.database,
      send: (request) => h.inject({ ...withCredentials(request, tokens), ...(onThisMachine.has(String(request.url).split('?')[0]!) ? { remoteAddress: '127.0.0.1' } : {}) }),
      afterAccepted: async (fuzzCase) => {
        // A reset that went through used its token up (and signed the reset user out): issue a fresh one.
        if (fuzzCase.credential === 'reset') {
          tokens.reset = await newResetToken();
          h.secrets.add('reset token', tokens.reset);
        }
      },
    });

    t.diagnostic(
      `figures: requests fuzzed=${figures.requests} must-refuse schema=${figures.mustRefuse.schema} wire=${figures.mustRefuse.wire} credential=${figures.mustRefuse.credential} ` +
        `accepted=${figures.accepted} 5xx=${figures.serverErrors} refused-that-changed-db=${figures.refusedThatChangedDatabase} problems=${figures.problems.length} ` +
        `refused-by-the-database=${JSON.stringify(Object.fromEntries(figures.refusedByTheDatabase))}`,
    );
    expect(figures.problems.slice(0, 25)).toEqual([]);
    expect(figures.serverErrors).toBe(0);
    // Every route's schema refuses what the database would: the error handler's backstop is never needed.
    expect(Object.fromEntries(figures.refusedByTheDatabase)).toEqual({});
    expect(figures.refusedThatChangedDatabase).toBe(0);
    expect(figures.requests).toBe(REQUESTS_PER_DATABASE);
    // Every route that takes input was attacked, with each way of refusing exercised.
    const attacked = operations.filter(isFuzzed).map((op) => `${op.method} ${op.path}`);
    expect(attacked.filter((route) => !figures.perRoute.has(route))).toEqual([]);
    for (const count of Object.values(figures.mustRefuse)) expect(count).toBeGreaterThan(100);
    expect(figures.accepted).toBeGreaterThan(100);
  });

  itLoggedNoSecrets(() => h);
});
