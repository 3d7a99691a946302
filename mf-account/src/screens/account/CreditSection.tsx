import { CHECKOUT_CANCELLED_PATH, FEE_BASIS_POINTS, formatCents, formatLocalMoment, type Account } from '@blockpilot/shared';
import { Notice } from '@blockpilot/shared/ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SectionText } from '../../components/sectionLayout';
import { AutoTopUp } from './AutoTopUp';
import { CreditHistory } from './CreditHistory';
import { MembershipPlans } from './MembershipPlans';
import { TopUpForm } from './TopUpForm';
import { useCheckout } from './useCheckout';

const Balance = styled.p`
  margin: 0 0 12px;
  display: flex;
  flex-direction: column;
  span {
    color: ${({ theme }) => theme.palette.textMuted};
    font-size: 0.875rem;
  }
  strong {
    font-size: 2rem;
    font-weight: 600;
    line-height: 1.2;
    font-variant-numeric: tabular-nums;
  }
`;

const Subheading = styled.h3`
  margin: 24px 0 8px;
  font-size: 1rem;
  font-weight: 600;
`;

const FEE_PERCENT = `${FEE_BASIS_POINTS / 100}%`;

/** What the driver pays per block right now: nothing during a trial or membership, else the fee. */
function FeeStatus({ account }: { account: Account }) {
  const { membershipEndsAt, trialEndsAt } = account;
  if (!membershipEndsAt && !trialEndsAt) {
    return (
      <SectionText>
        BlockPilot takes {FEE_PERCENT} of each accepted block from your credit, and gives it back if you forfeit the block through BlockPilot. No fee is charged while a free trial
        or a membership is active.
      </SectionText>
    );
  }
  return (
    <Notice tone="success" title="No fees on accepted blocks">
      {membershipEndsAt && <p>Your membership is active until {formatLocalMoment(membershipEndsAt)}.</p>}
      {trialEndsAt && <p>Your free trial runs until {formatLocalMoment(trialEndsAt)}.</p>}
    </Notice>
  );
}

/** Balance, fee status, top-up and membership plans. One checkout at a time for both. */
export function CreditSection({ account }: { account: Account }) {
  const checkout = useCheckout();
  const symbol = account.currency_symbol;
  const cancelled = useLocation().pathname === CHECKOUT_CANCELLED_PATH;
  return (
    <>
      {cancelled && (
        <Notice tone="primary" title="Checkout cancelled">
          Nothing was charged and your credit is unchanged. Choose an amount or a plan below whenever you like.
        </Notice>
      )}
      <Balance>
        <span>Your credit</span>
        <strong>{formatCents(symbol, account.credit)}</strong>
      </Balance>
      <FeeStatus account={account} />
      <Subheading>Top up</Subheading>
      <TopUpForm currencySymbol={symbol} checkout={checkout} />
      <Subheading>Automatic top-up</Subheading>
      <AutoTopUp currencySymbol={symbol} credit={account.credit} checkout={checkout} />
      <Subheading>Membership plans</Subheading>
      <SectionText>Drive without fees: while a membership is active, accepted blocks cost you nothing.</SectionText>
      <MembershipPlans currencySymbol={symbol} checkout={checkout} membershipEndsAt={account.membershipEndsAt ?? null} />
      <Subheading>History</Subheading>
      <CreditHistory currencySymbol={symbol} credit={account.credit} />
    </>
  );
}
