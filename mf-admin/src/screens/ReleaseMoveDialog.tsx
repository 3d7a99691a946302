import { api, type ReleaseChannel, type ReleaseChannelEntry, type RemoteName } from '@blockpilot/shared';
import { Dialog } from '@blockpilot/shared/ui';
import { ReasonAction } from '../components/ReasonAction';
import { useT } from '../i18n';

/** A move the console offers on one remote of one channel, as the screen showed it. */
export interface ReleaseMove {
  kind: 'rollback' | 'abortCanary';
  channel: ReleaseChannel;
  entry: ReleaseChannelEntry;
}

/**
 * Asks to confirm a rollback or the end of a canary, with the reason the audit logs keep
 * (docs/OPERATIONS.md "Releases"). The move names the revision the screen showed: if the remote
 * moved since, the server refuses it and says so, and nothing changes.
 */
export function ReleaseMoveDialog({ move, onClose, onMoved }: { move: ReleaseMove | null; onClose: () => void; onMoved: () => unknown }) {
  const t = useT();
  const names = move && { remote: move.entry.remote, channel: move.channel.name, version: move.entry.release.version };
  const title = !move || !names ? '' : move.kind === 'rollback' ? t('releases.rollbackDialog.title', names) : t('releases.abortDialog.title', names);
  return (
    <Dialog open={move !== null} title={title} onClose={onClose}>
      {move && names && (
        <>
          <p>{move.kind === 'rollback' ? t('releases.rollbackDialog.body', names) : t('releases.abortDialog.body', { ...names, canary: move.entry.canary?.version ?? '' })}</p>
          <ReasonAction
            label={move.kind === 'rollback' ? t('releases.rollbackDialog.confirm') : t('releases.abortDialog.confirm')}
            pendingLabel={move.kind === 'rollback' ? t('releases.rollbackDialog.pending') : t('releases.abortDialog.pending')}
            act={(reason) => {
              // The remote's own revision (its last move), which a move of it compares with.
              const shown = { remote: move.entry.remote as RemoteName, expectedRevision: move.entry.revision, reason };
              return move.kind === 'rollback'
                ? api.admin.releases.rollback(move.channel.name, shown)
                : api.admin.releases.abortCanary(move.channel.name, { ...shown, canaryId: move.entry.canary?.id ?? '' });
            }}
            onDone={onMoved}
          />
        </>
      )}
    </Dialog>
  );
}
