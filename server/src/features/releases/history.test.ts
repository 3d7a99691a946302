import { describe, it } from 'node:test';
import { expect } from 'expect';
import { liveStack, rollbackTarget } from './history.js';

const promote = (id: string) => ({ action: 'promote', toReleaseId: id });
const rollback = { action: 'rollback', toReleaseId: null };

describe('channel history', () => {
  it('has nothing to roll back to before a second promote', () => {
    expect(rollbackTarget([])).toBeNull();
    expect(rollbackTarget([promote('v1')])).toBeNull();
  });

  it('rolls back to the release live before the current one', () => {
    expect(rollbackTarget([promote('v1'), promote('v2')])).toBe('v1');
  });

  it('goes further back on a second rollback instead of flipping between two releases', () => {
    const moves = [promote('v1'), promote('v2'), promote('v3'), rollback];
    expect(liveStack(moves)).toEqual(['v1', 'v2']);
    expect(rollbackTarget(moves)).toBe('v1');
  });

  it('ignores canary moves: they never change the stable release', () => {
    expect(liveStack([promote('v1'), { action: 'canary', toReleaseId: 'v2' }, { action: 'canary-rollback', toReleaseId: null }])).toEqual(['v1']);
  });
});
