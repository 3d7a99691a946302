/**
 * The server of bench/server-api.ts, in a process of its own so the load generators never share
 * its CPU time or event loop: the app exactly as main.ts builds it (logging at warn), on the
 * database the parent names, with one signed-up driver and a full page of offer log. Tells the
 * parent over IPC where it listens and the driver's token, and where the floor server
 * (bench/lib/floorServer.ts) listens beside it. On `profile` it starts V8's CPU
 * profiler (the inspector's, as `node --cpu-prof` uses, but only around the run measured, not the
 * start-up), on `profiled` writes the profile to the path given; on `close` it stops and exits.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp, loadConfig, openDatabase, type DatabaseConfig } from '@blockpilot/server';
import { startFloorServer } from './floorServer.js';

/** What the parent learns once the server listens. */
export interface ApiServerReady {
  type: 'ready';
  base: string;
  /** The floor server's (bench/lib/floorServer.ts), for the first driver's rows. */
  floorBase: string;
  /** The drivers' tokens and first filters (to save back), the first driver's first. */
  drivers: Array<{ token: string; filter: Record<string, unknown> }>;
}

/** Drivers signed up (BENCH_DRIVERS): the first is measured on every route; saveFilter is also measured across all of them (one filter row each). */
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 1);

/** What the parent asks. */
export type ApiServerRequest = { type: 'profile' } | { type: 'profiled'; file: string } | { type: 'close' };

/** Offer log entries seeded for getLogs: more than one page (50), so a page is full. */
const LOG_ENTRIES = 60;

async function main(): Promise<void> {
  const databaseConfig = JSON.parse(process.env.BENCH_DATABASE!) as DatabaseConfig;
  const database = await openDatabase(databaseConfig);
  const app = await buildApp({ config: loadConfig({ ...process.env, LOG_LEVEL: 'warn', PLATFORM_SIM: 'off' }), database, serveFrontend: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const password = 'benchmark password';
  const drivers: ApiServerReady['drivers'] = [];
  for (let i = 0; i < DRIVERS; i++) {
    // Each from an address of its own: sign-ups are rate limited per address (docs/SECURITY.md).
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.0.0.${i + 1}`,
      payload: { country_code: 'US', emailAddress: `bench-${Date.now()}-${i}@example.com`, phoneNumber: '+1 555 555 0100', password, confirmPassword: password },
    });
    const token = (signUp.json() as { data: { accessToken: string } }).data.accessToken;
    const account = (await (await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { filters: Array<Record<string, unknown>> } };
    drivers.push({ token, filter: account.data.filters[0]! });
  }
  const user = await database.db.selectFrom('users').select('id').orderBy('created_at', 'asc').executeTakeFirstOrThrow();
  const now = Date.now();
  await database.db
    .insertInto('offer_logs')
    .values(
      Array.from({ length: LOG_ENTRIES }, (_, i) => ({
        user_id: user.id,
        offer_id: `bench-offer-${i}`,
        discovered_at: new Date(now - i * 60_000),
        start_time: Math.floor(now / 1000) + 3600 + i * 600,
        end_time: Math.floor(now / 1000) + 3600 + i * 600 + 4 * 3600,
        service_area_id: 'sa-1',
        price_amount: 80 + i,
        currency: 'USD',
        action: i % 3 === 0 ? ('BLOCK_ACCEPT' as const) : ('BLOCK_IGNORE' as const),
        reason: i % 3 === 0 ? null : ('pay' as const),
        cost_cents: i % 3 === 0 ? 150 : 0,
      })),
    )
    .execute();
  const floor = await startFloorServer(database, user.id);

  const inspector = new Session();
  inspector.connect();
  process.on('message', (message: ApiServerRequest) => {
    void (async () => {
      if (message.type === 'profile') {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
        process.send!({ type: 'profiling' });
      } else if (message.type === 'profiled') {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
        process.send!({ type: 'profile written' });
      } else {
        await app.close();
        await floor.close();
        await database.close();
        process.exit(0);
      }
    })();
  });
  const ready: ApiServerReady = { type: 'ready', base, floorBase: floor.base, drivers };
  process.send!(ready);
}

main().catch((error: unknown) => {
  console.error('bench API server failed:', error);
  process.exit(1);
});
