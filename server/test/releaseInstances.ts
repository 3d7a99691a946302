/**
 * Several API instances of the release registry on one database, as a deployment runs them
 * (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"): on PostgreSQL each instance has
 * its own connection pool to the suite's schema; PGlite is embedded in one process, so its
 * instances share the one database. They share a data folder (the release files), a shell build
 * and a clock the test moves.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/index.js';
import type { ReleaseRegistry } from '../src/features/releases/registry.js';
import { createReleaseRegistry } from '../src/features/releases/routes.js';
import type { Database } from '../src/db/types.js';
import { bearer, startTestApp, type TestApp } from './app.js';
import { TestClock } from './clock.js';
import { testContext } from './context.js';
import { TEST_POSTGRES_URL } from './databases.js';
import { fakeFrontend } from './frontend.js';
import { REACT_19 } from './releaseBuild.js';

export const RELEASE_TOKEN = 'release-token-for-the-instance-tests-0123456789';
export const admin = bearer(RELEASE_TOKEN);

/** Another handle on the suite's database, as another API process would open it. */
async function anotherHandle(database: Database): Promise<Database> {
  if (database.kind === 'pglite') return { ...database, close: async () => undefined };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  return openDatabase({ kind: 'postgres', url: url.toString() });
}

export interface ReleaseInstances {
  /** The instances, each a whole app; `instances[0]` is on the suite's own handle. */
  instances: TestApp[];
  clock: TestClock;
  /** The data folder every instance keeps release files in. */
  dataDir: string;
  /** A registry as instance `index` has it, for calling what the server runs on its own (the stepped canaries' sweep). */
  registryOf(index: number): ReleaseRegistry;
  close(): Promise<void>;
}

export async function startReleaseInstances(database: Database, count: number, env: NodeJS.ProcessEnv = {}): Promise<ReleaseInstances> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bp-release-instances-'));
  const frontend = fakeFrontend();
  writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
  const clock = new TestClock();
  const instanceEnv = { RELEASE_TOKEN, DATA_DIR: dataDir, FRONTEND_DIR: frontend, ...env };
  const instances: TestApp[] = [];
  for (let index = 0; index < count; index++) {
    const handle = index === 0 ? database : await anotherHandle(database);
    instances.push(await startTestApp(handle, { env: instanceEnv, clock, serveFrontend: true }));
  }
  return {
    instances,
    clock,
    dataDir,
    registryOf: (index) => createReleaseRegistry(testContext(instances[index]!.database, { clock, env: instanceEnv })),
    async close() {
      for (const [index, instance] of instances.entries()) {
        await instance.app.close();
        if (index > 0) await instance.database.close();
      }
    },
  };
}
