/**
 * Automatic top-up (docs/LIVE.md "Automatic top-up"): a card saved at the payment provider, an
 * amount and a threshold; when a fee leaves the credit below the threshold the card is charged
 * once. Shows the saved card, the last charge, and a failure that turned it off. The server checks
 * every field; its messages show under them. Reloaded when the credit changes (a charge).
 */
import { api, AUTO_TOP_UP_THRESHOLD, formatCents, formatLocalMoment, TOP_UP_SLIDER, useForm, type AutoTopUp as AutoTopUpState, type OrderStatus } from '@blockpilot/shared';
import { Actions, Button, FormFeedback, Notice, Slider, SubmitButton, Switch } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { SectionForm, SectionText } from '../../components/sectionLayout';
import { logFailure } from '../../logFailure';
import type { Checkout } from './useCheckout';

const THRESHOLD_STEP = 100;

function SettingsForm({ state, currencySymbol, onSaved }: { state: AutoTopUpState; currencySymbol: string; onSaved(next: AutoTopUpState): void }) {
  const money = (cents: number) => formatCents(currencySymbol, cents);
  const form = useForm({
    initialValues: { enabled: state.enabled, amount: String(state.amount), threshold: String(state.threshold) },
    onSubmit: async (values) => onSaved(await api.store.saveAutoTopUp({ enabled: values.enabled, amount: Number(values.amount), threshold: Number(values.threshold) })),
  });
  return (
    <SectionForm onSubmit={form.handleSubmit} aria-label="Automatic top-up">
      <Switch label="Top up automatically" helperText={state.card ? undefined : 'Save a card first.'} {...form.checkbox('enabled')} />
      <Slider
        label="Amount"
        name="amount"
        {...TOP_UP_SLIDER}
        value={Number(form.values.amount)}
        onChange={(cents) => form.setValue('amount', String(cents))}
        formatValue={money}
        error={form.errors.amount}
      />
      <Slider
        label="When the credit falls below"
        name="threshold"
        min={AUTO_TOP_UP_THRESHOLD.min}
        max={AUTO_TOP_UP_THRESHOLD.max}
        step={THRESHOLD_STEP}
        value={Number(form.values.threshold)}
        onChange={(cents) => form.setValue('threshold', String(cents))}
        formatValue={money}
        helperText="Charged once each time the credit falls below this, never twice for one fall."
        error={form.errors.threshold}
      />
      <FormFeedback form={form} />
      <Actions>
        <SubmitButton pending={form.pending} pendingLabel="Saving…">
          Save automatic top-up
        </SubmitButton>
      </Actions>
    </SectionForm>
  );
}

const CHARGE_STATUS: Record<OrderStatus, string> = { pending: 'being charged', paid: 'paid', cancelled: 'not charged', refunded: 'refunded' };

export function AutoTopUp({ currencySymbol, credit, checkout }: { currencySymbol: string; credit: number; checkout: Checkout }) {
  const [state, setState] = useState<AutoTopUpState | null>(null);
  // The credit changes when a charge lands: the last charge shown follows.
  useEffect(() => {
    let current = true;
    api.store.getAutoTopUp().then(
      (loaded) => current && setState(loaded),
      (error: unknown) => logFailure('loading the automatic top-up', error),
    );
    return () => {
      current = false;
    };
  }, [credit]);
  if (!state) return null;
  const money = (cents: number) => formatCents(currencySymbol, cents);
  return (
    <>
      {state.lastFailure && (
        <Notice tone="error" title="Automatic top-up is off">
          The last automatic top-up failed on {formatLocalMoment(state.lastFailure.at)}: {state.lastFailure.reason} Nothing was charged. Save another card or turn it on again.
        </Notice>
      )}
      <SectionText>
        {state.card ? `Saved card: ${state.card.label}.` : 'No card saved.'}{' '}
        {state.enabled ? `Automatic top-up is on: ${money(state.amount)} when the credit falls below ${money(state.threshold)}.` : 'Automatic top-up is off.'}{' '}
        {state.lastCharge && `Last automatic top-up: ${money(state.lastCharge.amount)}, ${CHARGE_STATUS[state.lastCharge.status]} on ${formatLocalMoment(state.lastCharge.at)}.`}
      </SectionText>
      <Actions>
        <Button type="button" $variant="outlined" disabled={checkout.pending !== null} onClick={() => void checkout.start('card', api.store.startCardSetup)}>
          {state.card ? 'Save another card' : 'Save a card'}
        </Button>
        {state.card && (
          <Button type="button" $variant="outlined" onClick={() => void api.store.removeCard().then(setState, (error: unknown) => logFailure('removing the card', error))}>
            Remove card
          </Button>
        )}
      </Actions>
      <SettingsForm key={`${state.enabled}-${state.card?.label ?? ''}`} state={state} currencySymbol={currencySymbol} onSaved={setState} />
    </>
  );
}
