import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { expect } from 'expect';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely } from 'kysely';
import { isUniqueViolation } from './errors.js';
import { inThisThread, PGliteDialect, type PGliteBackend } from './pgliteDialect.js';
import { inWorkerThread } from './pgliteThread.js';
import { pgliteTemplate } from '../../test/databases.js';

const CREATE_THINGS = `create table things (
  id int primary key, name text, seen_at timestamptz, tags text[], details jsonb, active boolean, price numeric, big bigint, blob bytea, history jsonb[], note text)`;
const INSERT_THING = 'insert into things (id, name, seen_at, tags, details, active, price, big, blob, history, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';
const A_THING = [
  1,
  'it’s a “thing”',
  new Date('2026-11-26T12:34:56.789Z'),
  ['a', 'b,c'],
  { nested: { list: [1, 2] } },
  true,
  12.5,
  9007199254740991,
  new Uint8Array([0, 1, 255]),
  [{ step: 1 }, [2, 3], null],
  null,
];

/** A statement that keeps PGlite busy for a while (about half a second on a slow machine). */
const BUSY = CompiledQuery.raw('select sum(x)::bigint as total from generate_series(1, 1000000) x');

/** How often this thread's timers fired while `work` ran. */
async function timerTicksDuring(work: Promise<unknown>): Promise<number> {
  let ticks = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    ticks++;
    setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await work;
  running = false;
  return ticks;
}

describe('PGlite in a worker thread', () => {
  let threaded: PGliteBackend;
  let here: PGliteBackend;
  let db: Kysely<Record<string, never>>;
  const both = () => [threaded, here].map((backend) => backend.connection);

  before(async () => {
    // Started from the suites' migrated data folder (skips initdb); the statements below need none of it.
    const loadDataDir = await pgliteTemplate();
    threaded = inWorkerThread({ dataDir: 'memory://', loadDataDir });
    here = inThisThread(new PGlite('memory://', { loadDataDir }));
    db = new Kysely({ dialect: new PGliteDialect(threaded) });
    await Promise.all([threaded.waitReady, here.waitReady]);
    for (const connection of both()) {
      await connection.executeQuery(CompiledQuery.raw(CREATE_THINGS));
      await connection.executeQuery(CompiledQuery.raw(INSERT_THING, A_THING));
    }
  });
  after(async () => {
    await db.destroy();
    await here.close();
  });

  it('answers every statement as PGlite in this thread does', async () => {
    const select = CompiledQuery.raw('select * from things where id = $1 and tags = $2', [1, ['a', 'b,c']]);
    const [there, mine] = await Promise.all(both().map((connection) => connection.executeQuery(select)));
    expect(there!.rows).toHaveLength(1);
    expect(there).toEqual(mine);
    expect(there!.rows[0]).toMatchObject({ seen_at: A_THING[2], details: A_THING[4], blob: A_THING[8], history: A_THING[9], note: null });

    const update = CompiledQuery.raw('update things set note = $1 where id >= $2', ['seen', 1]);
    const updated = await Promise.all(both().map((connection) => connection.executeQuery(update)));
    expect(updated[0]!.numAffectedRows).toBe(1n);
    expect(updated[0]).toEqual(updated[1]);
  });

  it('reports a failed statement with its SQLSTATE and constraint, and runs the next one', async () => {
    const failed = await db.executeQuery(CompiledQuery.raw(INSERT_THING, A_THING)).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', message: expect.stringContaining('things_pkey') });
    expect(isUniqueViolation(failed, 'things_pkey')).toBe(true);
    // Through the dialect, a transaction that failed is rolled back as a whole.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(INSERT_THING, [2, ...A_THING.slice(1)]));
        await trx.executeQuery(CompiledQuery.raw(INSERT_THING, A_THING));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.executeQuery(CompiledQuery.raw('select id from things order by id'))).rows).toEqual([{ id: 1 }]);
  });

  it('leaves this thread free while PGlite works, where PGlite in this thread holds it up', async () => {
    // Timers stand for the requests a server answers meanwhile.
    const answer = here.connection.executeQuery(BUSY);
    expect(await timerTicksDuring(answer)).toBeLessThanOrEqual(1);
    const threadedAnswer = threaded.connection.executeQuery(BUSY);
    expect(await timerTicksDuring(threadedAnswer)).toBeGreaterThanOrEqual(3);
    expect((await threadedAnswer).rows).toEqual((await answer).rows);
  });

  it('says why when PGlite cannot open its data, to the one who waits for it and to every statement', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    try {
      const notAFolder = join(dir, 'file');
      await writeFile(notAFolder, 'not a data folder');
      const broken = inWorkerThread({ dataDir: notAFolder });
      await expect(broken.waitReady).rejects.toThrow(`PGlite could not open ${notAFolder}`);
      await expect(broken.connection.executeQuery(CompiledQuery.raw('select 1'))).rejects.toThrow(`PGlite could not open ${notAFolder}`);
      await broken.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses statements once closed', async () => {
    const closing = inWorkerThread({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    await closing.waitReady;
    await closing.close();
    await expect(closing.connection.executeQuery(CompiledQuery.raw('select 1'))).rejects.toThrow('The database is closed');
  });

  it('does not keep a process alive once its statements are answered, as PGlite in the thread would not', async () => {
    // A script that opens PGlite in its thread, asks one thing and never closes it: it must end.
    const dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    try {
      const script = join(dir, 'unclosed.mjs');
      const thread = new URL('./pgliteThread.ts', import.meta.url).href;
      await writeFile(
        script,
        `const { inWorkerThread } = await import(${JSON.stringify(thread)});
const backend = inWorkerThread({ dataDir: 'memory://' });
const { rows } = await backend.connection.executeQuery({ sql: 'select 6 * 7 as answer', parameters: [] });
console.log(JSON.stringify(rows));`,
      );
      const run = promisify(execFile)(process.execPath, ['--conditions=@blockpilot/source', '--import', 'tsx', script], { timeout: 60_000 });
      await expect(run).resolves.toMatchObject({ stdout: '[{"answer":42}]\n' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
