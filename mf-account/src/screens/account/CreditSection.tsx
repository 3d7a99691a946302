import { type Account, FEE_BASIS_POINTS, formatCents, formatLocalMoment, SUB_PAGES } from '@blockpilot/shared';
import { Notice } from '@blockpilot/shared/ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
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
  const t = useT();
  const { membershipEndsAt, trialEndsAt } = account;
  if (!membershipEndsAt && !trialEndsAt) {
    return <SectionText>{t('credit.fee', { percent: FEE_PERCENT })}</SectionText>;
  }
  return (
    <Notice tone="success" title={t('credit.noFees')}>
      {membershipEndsAt && <p>{t('credit.membershipUntil', { date: formatLocalMoment(membershipEndsAt) })}</p>}
      {trialEndsAt && <p>{t('credit.trialUntil', { date: formatLocalMoment(trialEndsAt) })}</p>}
    </Notice>
  );
}

/** Balance, fee status, top-up and membership plans. One checkout at a time for both. */
export function CreditSection({ account }: { account: Account }) {
  const t = useT();
  const checkout = useCheckout();
  const symbol = account.currency_symbol;
  const cancelled = useLocation().pathname === SUB_PAGES.account.checkoutCancelled;
  return (
    <>
      {cancelled && (
        <Notice tone="primary" title={t('credit.cancelled.title')}>
          {t('credit.cancelled.text')}
        </Notice>
      )}
      <Balance>
        <span>{t('credit.balance')}</span>
        <strong>{formatCents(symbol, account.credit)}</strong>
      </Balance>
      <FeeStatus account={account} />
      <Subheading>{t('credit.topUp')}</Subheading>
      <TopUpForm currencySymbol={symbol} checkout={checkout} />
      <Subheading>{t('credit.autoTopUp')}</Subheading>
      <AutoTopUp currencySymbol={symbol} credit={account.credit} checkout={checkout} />
      <Subheading>{t('credit.plans')}</Subheading>
      <SectionText>{t('credit.plansText')}</SectionText>
      <MembershipPlans currencySymbol={symbol} checkout={checkout} membershipEndsAt={account.membershipEndsAt} />
      <Subheading>{t('credit.history')}</Subheading>
      <CreditHistory currencySymbol={symbol} credit={account.credit} />
    </>
  );
}
