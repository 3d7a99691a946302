import { formatCents, formatLocalMoment, useSession } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CREDIT_PATH } from '../account/sections';

const Text = styled.p`
  margin: 0 0 8px;
`;

export const PURCHASE_COMPLETED_TITLE = 'Purchase Completed';

/** /account/purchaseCompleted: the purchase went through; closing shows the credit section. */
export function PurchaseCompletedDialog() {
  const { account } = useSession();
  const navigate = useNavigate();
  const close = () => navigate(CREDIT_PATH, { replace: true });

  return (
    <Dialog
      open
      title={PURCHASE_COMPLETED_TITLE}
      onClose={close}
      actions={
        <Button type="button" onClick={close}>
          Done
        </Button>
      }
    >
      <Text>Thank you! Your payment has been received.</Text>
      {account && (
        <Text>
          Your credit is now <strong>{formatCents(account.currency_symbol, account.credit)}</strong>.
          {account.membershipEndsAt ? ` Your membership is active until ${formatLocalMoment(account.membershipEndsAt)}.` : ''}
        </Text>
      )}
    </Dialog>
  );
}
