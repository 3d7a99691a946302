/** compiledOnce: the same rows as the query built each time, new values on every run, misuse refused. */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { compiledOnce } from './compiledOnce.js';
import { openDatabase } from './index.js';
import type { Database } from './types.js';

let database: Database;
before(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.db
    .insertInto('boots')
    .values([{ version: 'one' }, { version: 'two' }])
    .execute();
});
after(async () => {
  await database.close();
});

it('runs the statement compiled once with each run’s values', async () => {
  const byVersion = compiledOnce<{ version: string }, { version: string }>((db, value) => db.selectFrom('boots').select('version').where('version', '=', value('version')));
  expect(await byVersion(database.db, { version: 'one' })).toEqual([{ version: 'one' }]);
  expect(await byVersion(database.db, { version: 'two' })).toEqual([{ version: 'two' }]);
  expect(await byVersion(database.db, { version: 'three' })).toEqual([]);
});

it('refuses a value that does not become one parameter of its own (here hidden inside a JSON text)', async () => {
  const hidden = compiledOnce<{ version: string }, { version: string }>((db, value) =>
    db
      .selectFrom('boots')
      .select('version')
      .where('version', '=', JSON.stringify({ v: value('version') })),
  );
  await expect(hidden(database.db, { version: 'one' })).rejects.toThrow(/every value\(\) must become one parameter/);
});
