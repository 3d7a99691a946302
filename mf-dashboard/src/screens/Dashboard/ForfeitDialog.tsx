/** The confirmation before a block is handed back (docs/PRODUCT.md section 4). */
import type { LogEntry } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { formatBlockTime, formatCents, formatMoney } from '../../format';
import { T, useT } from '../../i18n';

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
  const t = useT();
  return (
    <Dialog
      open={Boolean(entry)}
      title={t('forfeit.dialog.title')}
      // Escape and the close button wait while the forfeit is on its way (its answer decides).
      onClose={() => {
        if (!pending) onCancel();
      }}
      actions={
        <>
          <Button type="button" $variant="outlined" onClick={onCancel} disabled={pending}>
            {t('forfeit.dialog.keep')}
          </Button>
          <Button type="button" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('forfeit.dialog.pending') : t('forfeit.action')}
          </Button>
        </>
      }
    >
      {entry && (
        <>
          <p>
            <T
              id="forfeit.dialog.block"
              values={{ area: areaName, when: formatBlockTime(entry.startTime, entry.endTime), price: formatMoney(currencySymbol, entry.rateInfo.priceAmount) }}
              components={{ 0: <strong /> }}
            />
          </p>
          <p>{entry.cost ? t('forfeit.dialog.backWithRefund', { fee: formatCents(currencySymbol, entry.cost) }) : t('forfeit.dialog.back')}</p>
        </>
      )}
    </Dialog>
  );
}
