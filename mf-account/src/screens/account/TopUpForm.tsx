import { formatCents, api, TOP_UP_SLIDER, up } from '@blockpilot/shared';
import { Button, Slider } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { SectionForm } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import type { Checkout } from './useCheckout';

/** Full width on phones, where it is easiest to reach; its own size on wider screens. */
const TopUpButton = styled(Button)`
  ${up('sm')} {
    align-self: flex-start;
    min-width: 200px;
  }
`;

/**
 * Top-up: a slider of 10.00-50.00 in steps of 5.00 (1000-5000 cents, docs/PRODUCT.md section 9) that
 * starts with no amount chosen; the button stays disabled until one is (section 5), then opens
 * the checkout for that many cents.
 */
export function TopUpForm({ currencySymbol, checkout }: { currencySymbol: string; checkout: Checkout }) {
  const t = useT();
  const [amount, setAmount] = useState<number | null>(null);
  const money = (cents: number) => formatCents(currencySymbol, cents);
  const opening = checkout.pending === 'topup';

  return (
    <SectionForm
      aria-label={t('topUp.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (amount !== null) void checkout.start('topup', () => api.store.createStripeOrder(amount));
      }}
    >
      <Slider
        label={t('topUp.amount')}
        name="topup_amount"
        {...TOP_UP_SLIDER}
        value={amount}
        onChange={setAmount}
        formatValue={money}
        emptyText={t('topUp.choose')}
        helperText={t('topUp.help', { min: money(TOP_UP_SLIDER.min), max: money(TOP_UP_SLIDER.max), step: money(TOP_UP_SLIDER.step) })}
      />
      <TopUpButton type="submit" disabled={amount === null || checkout.pending !== null} aria-busy={opening || undefined}>
        {opening ? t('checkout.opening') : amount === null ? t('topUp.submit') : t('topUp.submitAmount', { amount: money(amount) })}
      </TopUpButton>
    </SectionForm>
  );
}
