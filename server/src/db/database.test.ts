import { it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import { migrate, onPGlite } from './index.js';
import { migrations } from './migrations/index.js';
import { describeEachDatabase } from '../../test/databases.js';

describeEachDatabase('the database module', (database, kind) => {
  it('has applied every migration on open, and a second run applies none', async () => {
    const { db } = database();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toContain('0001_boots');
    await expect(migrate(db)).resolves.toEqual([]);
  });

  it('knows which database it is on (reads that cost differently on PGlite take another form there)', () => {
    expect(onPGlite(database().db)).toBe(kind === 'pglite');
  });

  it('migrates a schema of its own even when another schema of the database has been migrated', async () => {
    const { db } = database();
    const fresh = `fresh_${Date.now()}`;
    await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ search_path: string }>`show search_path`.execute(connection);
      await sql`create schema ${sql.id(fresh)}`.execute(connection);
      await sql`set search_path to ${sql.id(fresh)}`.execute(connection);
      try {
        expect(await migrate(connection)).toContain('0001_boots');
        const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = ${fresh}`.execute(connection);
        expect(tables.rows[0]!.n).toBeGreaterThan(3);
      } finally {
        await sql.raw(`set search_path to ${rows[0]!.search_path}`).execute(connection);
        await sql`drop schema ${sql.id(fresh)} cascade`.execute(connection);
      }
    });
  });

  // PostgreSQL only: PGlite holds one database of one schema per server.
  if (kind === 'postgres')
    it('migrates while other schemas of the database are being dropped (kysely reads every schema to find its table)', async () => {
      const { db } = database();
      // Schemas dropped one after another while fresh schemas are migrated: each migration's look
      // for its table reads every schema's tables and columns and then asks about each, and one
      // dropped in between made PostgreSQL answer 3F000 or 42703 (how parallel suites, each
      // dropping its own schema at its end, failed a suite now and then).
      const stamp = Date.now();
      const doomed = Array.from({ length: 60 }, (_, i) => `doomed_${stamp}_${i}`);
      const fresh = Array.from({ length: 6 }, (_, i) => `fresh_${stamp}_${i}`);
      for (const schema of [...doomed, ...fresh]) await sql`create schema ${sql.id(schema)}`.execute(db);
      // With tables and columns, as a suite's schema has: the look reads those too.
      for (const schema of doomed) await sql`create table ${sql.id(schema, 'rows')} (id serial primary key, note text)`.execute(db);
      const dropping = (async () => {
        for (const schema of doomed) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      })();
      try {
        for (const schema of fresh) {
          await db.connection().execute(async (connection) => {
            await sql`set search_path to ${sql.id(schema)}`.execute(connection);
            try {
              expect(await migrate(connection)).toContain('0001_boots');
            } finally {
              await sql`set search_path to default`.execute(connection);
            }
          });
        }
      } finally {
        await dropping;
        for (const schema of fresh) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      }
    });

  it('applies a migration that landed after a later-numbered one had run (0018 after 0019)', async () => {
    const { db } = database();
    const calendarFeeds = migrations['0018_calendar_feeds']!;
    await calendarFeeds.down!(db);
    await sql`delete from kysely_migration where name = '0018_calendar_feeds'`.execute(db);
    await expect(migrate(db)).resolves.toEqual(['0018_calendar_feeds']);
    await expect(db.selectFrom('calendar_feeds').select('user_id').execute()).resolves.toEqual([]);
  });

  it('writes and reads typed rows', async () => {
    const { db } = database();
    const inserted = await db.insertInto('boots').values({ version: '9.9.9' }).returning(['id', 'started_at']).executeTakeFirstOrThrow();
    expect(inserted.started_at).toBeInstanceOf(Date);
    const read = await db.selectFrom('boots').select('version').where('id', '=', inserted.id).executeTakeFirstOrThrow();
    expect(read.version).toBe('9.9.9');
  });

  it('rolls a failed transaction back entirely', async () => {
    const { db } = database();
    const before = await db
      .selectFrom('boots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('boots').values({ version: 'rolled-back' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await db
      .selectFrom('boots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps concurrent transactions apart', async () => {
    const { db } = database();
    const versions = Array.from({ length: 20 }, (_, i) => `concurrent-${i}`);
    await Promise.all(
      versions.map((version) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('boots').values({ version }).execute();
          const mine = await trx.selectFrom('boots').select('version').where('version', '=', version).execute();
          expect(mine).toHaveLength(1);
        }),
      ),
    );
    const rows = await db.selectFrom('boots').select('version').where('version', 'like', 'concurrent-%').execute();
    expect(rows).toHaveLength(20);
  });
});
