import { useSession } from '@blockpilot/shared';
import { ButtonLink, Dialog, Spinner } from '@blockpilot/shared/ui';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CREDIT_PATH, PURCHASE_COMPLETED_PATH } from '../account/sections';
import { useOrderStatusPolling } from './useOrderStatusPolling';

const Text = styled.p`
  margin: 0;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

export const PROCESSING_TITLE = 'Processing your purchase';

/**
 * /account/processingPurchase/{orderStatusId}, where the checkout sends the driver back: waits for
 * the payment to be confirmed, then reloads the account (new credit or membership) and shows
 * 'Purchase Completed'. The driver may leave meanwhile: the payment is credited all the same.
 */
export function ProcessingPurchaseDialog() {
  const { orderStatusId = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();

  useOrderStatusPolling(orderStatusId, async () => {
    try {
      await refresh();
    } finally {
      // Replace: Back from 'Purchase Completed' should not wait for this order again.
      navigate(PURCHASE_COMPLETED_PATH, { replace: true });
    }
  });

  return (
    <Dialog
      open
      blocking
      title={PROCESSING_TITLE}
      actions={
        <ButtonLink to={CREDIT_PATH} replace $variant="text">
          Back to my account
        </ButtonLink>
      }
    >
      <Spinner label="Waiting for the payment to be confirmed…" />
      <Text>This usually takes a few seconds. If you leave, your purchase is still added as soon as the payment is confirmed.</Text>
    </Dialog>
  );
}
