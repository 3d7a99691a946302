/** The confirmation before a block is handed back (docs/PRODUCT.md section 4). */
import type { LogEntry } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { formatBlockTime, formatCents, formatMoney } from '../../format';

export interface ForfeitDialogProps {
  /** The block to forfeit; null keeps the dialog closed. */
  entry: LogEntry | null;
  areaName: string;
  currencySymbol: string;
  /** True while the forfeit is on its way: both buttons wait for it. */
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ForfeitDialog({ entry, areaName, currencySymbol, pending, onConfirm, onCancel }: ForfeitDialogProps) {
  return (
    <Dialog
      open={Boolean(entry)}
      title="Forfeit this block?"
      // Escape and the close button wait while the forfeit is on its way (its answer decides).
      onClose={() => {
        if (!pending) onCancel();
      }}
      actions={
        <>
          <Button type="button" $variant="outlined" onClick={onCancel} disabled={pending}>
            Keep block
          </Button>
          <Button type="button" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Forfeiting…' : 'Forfeit'}
          </Button>
        </>
      }
    >
      {entry && (
        <>
          <p>
            <strong>{areaName}</strong>, {formatBlockTime(entry.startTime, entry.endTime)}, {formatMoney(currencySymbol, entry.rateInfo.priceAmount)}.
          </p>
          <p>
            The block goes back to the delivery platform
            {entry.cost ? <> and the fee of {formatCents(currencySymbol, entry.cost)} is refunded to your credit</> : null}.
          </p>
        </>
      )}
    </Dialog>
  );
}
