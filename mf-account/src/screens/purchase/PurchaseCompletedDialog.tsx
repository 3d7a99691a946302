import { useSession } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { formatEndTime, formatMoney } from '../../format';
import { CREDIT_PATH } from '../account/sections';

const Text = styled.p`
  margin: 0 0 8px;
`;

export const PURCHASE_COMPLETED_TITLE = 'Purchase Completed';

/** /account/purchaseCompleted: the purchase went through; closing shows the credit section. */
export function PurchaseCompletedDialog() {
  const { account, locale } = useSession();
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
          Your credit is now <strong>{formatMoney(account.credit, account.currency_symbol)}</strong>.
          {account.membershipEndsAt ? ` Your membership is active until ${formatEndTime(account.membershipEndsAt, locale)}.` : ''}
        </Text>
      )}
    </Dialog>
  );
}
