import { formatCents, formatLocalDateTime, api, type CreditAdjustmentRequest } from '@blockpilot/shared';
import { ReasonAction } from '../components/ReasonAction';
import { useT } from '../i18n';
import type { Load } from '../useLoad';

/**
 * The driver's credit adjustments that passed their admin's daily bound and wait for a second
 * admin (docs/OPERATIONS.md "Credit adjustments"). Any other admin approves one with a reason;
 * the server refuses the admin who asked, and its message shows under the reason.
 */
export function PendingAdjustments({
  userId,
  currencySymbol,
  load,
  onDone,
}: {
  userId: string;
  currencySymbol: string;
  load: Load<CreditAdjustmentRequest[]>;
  onDone: () => unknown;
}) {
  const t = useT();
  if (load.kind === 'loading') return null;
  if (load.kind === 'failed') return <p role="alert">{t('adjustments.failed')}</p>;
  const waiting = load.data.filter((adjustment) => adjustment.userId === userId);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="pending-adjustments">
      <h3 id="pending-adjustments">{t('adjustments.title')}</h3>
      <ul>
        {waiting.map((adjustment) => (
          <li key={adjustment.id}>
            <p>
              {t('adjustments.item', {
                amount: formatCents(currencySymbol, adjustment.amountCents),
                by: adjustment.requestedBy,
                date: formatLocalDateTime(adjustment.createdAt),
                reason: adjustment.reason,
              })}
            </p>
            <ReasonAction
              label={t('adjustments.approve')}
              pendingLabel={t('adjustments.approving')}
              act={(reason) => api.admin.adjustments.approve(adjustment.id, reason)}
              onDone={onDone}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
