/**
 * A channel's history for one remote, read from its moves in the audit log (docs/RELEASES.md
 * "Moves: promote, rollback, compare-and-swap"). Promotes stack up (a stepped canary reaching 100
 * is a promote too); a rollback returns to the release live before the current one was promoted,
 * so rolling back twice goes two releases back instead of flipping between two. Canary moves
 * (start, steps, end) leave the stable slot as it is.
 */

/** The moves that change which release a channel serves as stable. */
export type StableMoveAction = 'promote' | 'rollback';

export interface ChannelMove {
  action: string;
  toReleaseId: string | null;
}

/** The releases the remote's stable slot went through, oldest first, with rollbacks undone. */
export function liveStack(moves: readonly ChannelMove[]): string[] {
  const stack: string[] = [];
  for (const move of moves) {
    if (move.action === 'promote' && move.toReleaseId) stack.push(move.toReleaseId);
    else if (move.action === 'rollback') stack.pop();
  }
  return stack;
}

/** The release a rollback returns to, or null when nothing was live before the current one. */
export function rollbackTarget(moves: readonly ChannelMove[]): string | null {
  const stack = liveStack(moves);
  return stack.length >= 2 ? stack[stack.length - 2]! : null;
}
