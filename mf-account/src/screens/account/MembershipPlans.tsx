import { api, formatCents, formatLocalMoment, type MembershipPlan } from '@blockpilot/shared';
import { useLanguage } from '@blockpilot/shared/i18n';
import { Button } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n';
import { logFailure } from '../../logFailure';
import type { Checkout } from './useCheckout';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.palette.divider};
  border-radius: ${({ theme }) => theme.radius}px;
  /* Room for a name, a price and three lines of description at 360 px, so plans take the
     placeholders' place without moving what is below. */
  min-height: 220px;
`;

const Name = styled.h4`
  margin: 0;
  font-size: 1rem;
  font-weight: 600;
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 600;
  color: ${({ theme }) => theme.palette.primary};
  small {
    font-size: 0.875rem;
    font-weight: 400;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

const Description = styled.p`
  margin: 0 0 8px;
  flex: 1;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

/** A grey bar standing for a line of text while the plans load. */
const Bar = styled.span<{ $width: string; $height: number }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height}px;
  margin: 4px 0;
  border-radius: 4px;
  background: ${({ theme }) => theme.palette.divider};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.palette.textMuted};
`;

function PlaceholderCard() {
  return (
    <Card aria-hidden="true">
      <Bar $width="40%" $height={18} />
      <Bar $width="55%" $height={24} />
      <Bar $width="90%" $height={14} />
      <Bar $width="70%" $height={14} />
    </Card>
  );
}

type PlansState = { status: 'loading' } | { status: 'loaded'; plans: MembershipPlan[] } | { status: 'failed' };

/**
 * The plans on sale, loaded once per visit and again when the driver changes language (the server
 * names and describes them in the request's language); a failure is only logged (docs/PRODUCT.md section 8).
 */
function useMembershipPlans(): PlansState {
  const { language } = useLanguage();
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api.store.getMembershipPlans().then(
      (plans) => current && setState({ status: 'loaded', plans: Array.isArray(plans) ? plans : [] }),
      (error: unknown) => {
        logFailure('loading membership plans', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [language]);
  return state;
}

const DAY_MS = 86_400_000;

/**
 * Membership plans with a Buy button each (no fee is charged while one is active). While they
 * load, placeholder cards of the same size hold their place so nothing jumps when they arrive.
 * During a membership each plan says it extends it and until when: the server adds the plan's
 * days to the running membership's end (server/src/features/store/orders.ts).
 */
export function MembershipPlans({ currencySymbol, checkout, membershipEndsAt }: { currencySymbol: string; checkout: Checkout; membershipEndsAt: number | null }) {
  const t = useT();
  const state = useMembershipPlans();

  if (state.status === 'loading') {
    return (
      <List aria-busy="true" aria-label={t('plans.loading')}>
        <PlaceholderCard />
        <PlaceholderCard />
      </List>
    );
  }
  // A failure shows what an empty list shows: the spec gives it no message of its own.
  const plans = state.status === 'loaded' ? state.plans : [];
  if (plans.length === 0) return <Empty>{t('plans.empty')}</Empty>;

  return (
    <List aria-label={t('credit.plans')}>
      {plans.map((plan) => (
        <Card key={plan.id}>
          <Name>{plan.name}</Name>
          <Price>
            {formatCents(currencySymbol, plan.price)} <small>{t('plans.forDays', { days: plan.days })}</small>
          </Price>
          <Description>{plan.description ?? t('plans.defaultDescription', { days: plan.days })}</Description>
          {membershipEndsAt !== null && <Description>{t('plans.extends', { days: plan.days, date: formatLocalMoment(membershipEndsAt + plan.days * DAY_MS) })}</Description>}
          <Button
            type="button"
            $variant="outlined"
            $block
            disabled={checkout.pending !== null}
            aria-busy={checkout.pending === plan.id || undefined}
            onClick={() => void checkout.start(plan.id, () => api.store.buyMembership(plan.id))}
          >
            {checkout.pending === plan.id ? t('checkout.opening') : t('plans.buy', { plan: plan.name })}
          </Button>
        </Card>
      ))}
    </List>
  );
}
