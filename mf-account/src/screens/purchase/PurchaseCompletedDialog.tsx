import { formatCents, formatLocalMoment, SUB_PAGES, useSession } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { T, useT } from '../../i18n';

const Text = styled.p`
  margin: 0 0 8px;
`;

/** /account/purchaseCompleted: the purchase went through; closing shows the credit section. */
export function PurchaseCompletedDialog() {
  const t = useT();
  const { account } = useSession();
  const navigate = useNavigate();
  const close = () => navigate(SUB_PAGES.account.credit, { replace: true });

  return (
    <Dialog
      open
      title={t('completed.title')}
      onClose={close}
      actions={
        <Button type="button" onClick={close}>
          {t('completed.done')}
        </Button>
      }
    >
      <Text>{t('completed.thanks')}</Text>
      {account && (
        <Text>
          {account.membershipEndsAt ? (
            <T
              id="completed.creditAndMembership"
              values={{ credit: formatCents(account.currency_symbol, account.credit), date: formatLocalMoment(account.membershipEndsAt) }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <T id="completed.credit" values={{ credit: formatCents(account.currency_symbol, account.credit) }} components={{ 0: <strong /> }} />
          )}
        </Text>
      )}
    </Dialog>
  );
}
