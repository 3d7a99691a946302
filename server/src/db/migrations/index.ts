/**
 * Every migration, in order. Listed in code (not read from a folder) so the compiled server and
 * the tests run exactly the same set. Names sort by their numeric prefix.
 */
import type { Migration } from 'kysely';
import * as boots from './0001_boots.js';

export const migrations: Record<string, Migration> = {
  '0001_boots': boots,
};
