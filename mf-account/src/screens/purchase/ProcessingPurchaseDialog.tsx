import { SUB_PAGES, useSession } from '@blockpilot/shared';
import { ButtonLink, Dialog, Spinner } from '@blockpilot/shared/ui';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { useOrderStatusPolling } from './useOrderStatusPolling';

const Text = styled.p`
  margin: 0;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

/**
 * /account/processingPurchase/{orderStatusId}, where the checkout sends the driver back: waits for
 * the payment to be confirmed, then reloads the account (new credit or membership) and shows
 * 'Purchase Completed'. The driver may leave meanwhile: the payment is credited all the same.
 */
export function ProcessingPurchaseDialog() {
  const t = useT();
  const { orderStatusId = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();

  useOrderStatusPolling(orderStatusId, async () => {
    try {
      await refresh();
    } finally {
      // Replace: Back from 'Purchase Completed' should not wait for this order again.
      navigate(SUB_PAGES.account.purchaseCompleted, { replace: true });
    }
  });

  return (
    <Dialog
      open
      blocking
      title={t('processing.title')}
      actions={
        <ButtonLink to={SUB_PAGES.account.credit} replace $variant="text">
          {t('processing.back')}
        </ButtonLink>
      }
    >
      <Spinner label={t('processing.waiting')} />
      <Text>{t('processing.text')}</Text>
    </Dialog>
  );
}
