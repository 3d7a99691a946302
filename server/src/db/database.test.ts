import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import { migrate } from './index.js';
import { describeEachDatabase } from '../testing/databases.js';

describeEachDatabase('the database module', (database) => {
  it('has applied every migration on open, and a second run applies none', async () => {
    const { db } = database();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toContain('0001_boots');
    await expect(migrate(db)).resolves.toEqual([]);
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
    const before = await db.selectFrom('boots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('boots').values({ version: 'rolled-back' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await db.selectFrom('boots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
