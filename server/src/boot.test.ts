import { it } from 'node:test';
import { describeEachDatabase } from '/work/main/server/test/databases.ts';
describeEachDatabase('boot', (db) => { it('opens', () => { db(); }); });
