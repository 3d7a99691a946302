import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { isUniqueViolation } from './errors.js';
import { inThisThread, PGliteDialect } from './pgliteDialect.js';

/** Statements with parameters run as named prepared statements; their results must be PGlite's own `query`'s. */
describe('the PGlite dialect', () => {
  let pglite: PGlite;
  let db: Kysely<Record<string, never>>;
  const run = <R>(text: string, parameters: unknown[] = []) => db.executeQuery<R>(CompiledQuery.raw(text, parameters));

  before(async () => {
    pglite = new PGlite();
    db = new Kysely({ dialect: new PGliteDialect(inThisThread(pglite)) });
    await run(`create table things (
      id int primary key, name text, seen_at timestamptz, tags text[], details jsonb, active boolean, price numeric, big bigint, note text)`);
  });
  after(() => db.destroy());

  it('writes and reads every kind of value as PGlite’s own query does', async () => {
    const seenAt = new Date('2026-11-26T12:34:56.789Z');
    const insert = 'insert into things (id, name, seen_at, tags, details, active, price, big, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)';
    await run(insert, [1, 'it’s a “thing”', seenAt, ['a', 'b,c', 'd"e'], { nested: { list: [1, 2] }, text: 'x' }, true, 12.5, 9007199254740991, null]);

    const select = 'select * from things where id = $1 and seen_at = $2 and tags = $3';
    const ours = await run(select, [1, seenAt, ['a', 'b,c', 'd"e']]);
    const theirs = await pglite.query(select, [1, seenAt, ['a', 'b,c', 'd"e']]);
    expect(ours.rows).toHaveLength(1);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ name: 'it’s a “thing”', seen_at: seenAt, details: { nested: { list: [1, 2] }, text: 'x' }, active: true, note: null });
  });

  it('prepares a statement once, then only binds and runs it', async () => {
    const text = 'select name from things where id = $1';
    for (let i = 0; i < 3; i++) expect((await run<{ name: string }>(text, [1])).rows).toEqual([{ name: 'it’s a “thing”' }]);
    const prepared = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text]);
    expect(prepared.rows[0]!.n).toBe(1);
    // Statements without parameters (DDL, transaction control) are not prepared.
    const all = await pglite.query<{ statement: string }>('select statement from pg_prepared_statements');
    expect(all.rows.map((row) => row.statement)).not.toContain('begin');
  });

  it('counts the rows a statement changed', async () => {
    await run('insert into things (id, name) values ($1, $2), ($3, $4)', [2, 'two', 3, 'three']);
    const updated = await run('update things set note = $1 where id > $2', ['later', 1]);
    expect(updated.numAffectedRows).toBe(2n);
  });

  it('reports a failed statement with its SQLSTATE and stays usable, inside a transaction too', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    const failed = await run(insert, [1, 'again']).catch((error: unknown) => error);
    expect(isUniqueViolation(failed)).toBe(true);
    expect((await run<{ name: string }>('select name from things where id = $1', [2])).rows).toEqual([{ name: 'two' }]);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(insert, [4, 'four']));
        await trx.executeQuery(CompiledQuery.raw(insert, [1, 'clash']));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // Rolled back: the first insert of the transaction is gone, and the next statement runs.
    expect((await run('select id from things where id = $1', [4])).rows).toEqual([]);
  });

  it('prepares a statement again when the columns it returns have changed under it', async () => {
    const text = 'select * from things where id = $1';
    expect(Object.keys((await run<Record<string, unknown>>(text, [2])).rows[0]!)).not.toContain('added');
    await sql`alter table things add column added text default 'yes'`.execute(db);
    expect((await run<Record<string, unknown>>(text, [2])).rows[0]).toMatchObject({ id: 2, added: 'yes' });
  });
});
