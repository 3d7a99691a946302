/**
 * Automatic top-up (docs/LIVE.md "Automatic top-up"): a card saved at the payment provider, an
 * amount and a threshold; when a fee leaves the credit below the threshold the card is charged
 * once. Shows the saved card, the last charge, and a failure that turned it off. The server checks
 * every field; its messages show under them. Reloaded when the credit changes (a charge).
 */
import { api, AUTO_TOP_UP_THRESHOLD, formatCents, formatLocalMoment, TOP_UP_SLIDER, useForm, type AutoTopUp as AutoTopUpState } from '@blockpilot/shared';
import { Actions, Button, FormFeedback, Notice, Slider, SubmitButton, Switch } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { SectionForm, SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import { logFailure } from '../../logFailure';
import type { Checkout } from './useCheckout';

const THRESHOLD_STEP = 100;

function SettingsForm({ state, currencySymbol, onSaved }: { state: AutoTopUpState; currencySymbol: string; onSaved(next: AutoTopUpState): void }) {
  const t = useT();
  const money = (cents: number) => formatCents(currencySymbol, cents);
  const form = useForm({
    initialValues: { enabled: state.enabled, amount: String(state.amount), threshold: String(state.threshold) },
    onSubmit: async (values) => onSaved(await api.store.saveAutoTopUp({ enabled: values.enabled, amount: Number(values.amount), threshold: Number(values.threshold) })),
  });
  return (
    <SectionForm onSubmit={form.handleSubmit} aria-label={t('credit.autoTopUp')}>
      <Switch label={t('autoTopUp.switch')} helperText={state.card ? undefined : t('autoTopUp.saveCardFirst')} {...form.checkbox('enabled')} />
      <Slider
        label={t('autoTopUp.amount')}
        name="amount"
        {...TOP_UP_SLIDER}
        value={Number(form.values.amount)}
        onChange={(cents) => form.setValue('amount', String(cents))}
        formatValue={money}
        error={form.errors.amount}
      />
      <Slider
        label={t('autoTopUp.threshold')}
        name="threshold"
        min={AUTO_TOP_UP_THRESHOLD.min}
        max={AUTO_TOP_UP_THRESHOLD.max}
        step={THRESHOLD_STEP}
        value={Number(form.values.threshold)}
        onChange={(cents) => form.setValue('threshold', String(cents))}
        formatValue={money}
        helperText={t('autoTopUp.thresholdHelp')}
        error={form.errors.threshold}
      />
      <FormFeedback form={form} />
      <Actions>
        <SubmitButton pending={form.pending} pendingLabel={t('common.saving')}>
          {t('autoTopUp.save')}
        </SubmitButton>
      </Actions>
    </SectionForm>
  );
}

export function AutoTopUp({ currencySymbol, credit, checkout }: { currencySymbol: string; credit: number; checkout: Checkout }) {
  const t = useT();
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
        <Notice tone="error" title={t('autoTopUp.offTitle')}>
          {t('autoTopUp.failed', { date: formatLocalMoment(state.lastFailure.at), reason: state.lastFailure.reason })}
        </Notice>
      )}
      <SectionText>
        {state.card ? t('autoTopUp.card', { card: state.card.label }) : t('autoTopUp.noCard')}{' '}
        {state.enabled ? t('autoTopUp.on', { amount: money(state.amount), threshold: money(state.threshold) }) : t('autoTopUp.off')}{' '}
        {state.lastCharge && t('autoTopUp.lastCharge', { amount: money(state.lastCharge.amount), status: state.lastCharge.status, date: formatLocalMoment(state.lastCharge.at) })}
      </SectionText>
      <Actions>
        <Button type="button" $variant="outlined" disabled={checkout.pending !== null} onClick={() => void checkout.start('card', api.store.startCardSetup)}>
          {state.card ? t('autoTopUp.saveAnotherCard') : t('autoTopUp.saveCard')}
        </Button>
        {state.card && (
          <Button type="button" $variant="outlined" onClick={() => void api.store.removeCard().then(setState, (error: unknown) => logFailure('removing the card', error))}>
            {t('autoTopUp.removeCard')}
          </Button>
        )}
      </Actions>
      <SettingsForm key={`${state.enabled}-${state.card?.label ?? ''}`} state={state} currencySymbol={currencySymbol} onSaved={setState} />
    </>
  );
}
