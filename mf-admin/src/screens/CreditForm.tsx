import { api, formatCents, formatNumber, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useRef, useState } from 'react';
import { centsFromInput } from '../format';
import { useT } from '../i18n';

/** A fresh Idempotency-Key: one per adjustment the operator means. */
const newRequestKey = () => crypto.randomUUID();

/**
 * Adjusts a driver's credit by a signed amount (docs/OPERATIONS.md "Credit adjustments"). The
 * request key stays the same until the adjustment succeeds, so a retry after a lost answer (or a
 * double click) adjusts once; a new amount gets a new key.
 */
export function CreditForm({ userId, currencySymbol, onDone }: { userId: string; currencySymbol: string; onDone: () => unknown }) {
  const t = useT();
  const requestKey = useRef(newRequestKey());
  const keyFor = useRef('');
  // Past the admin's daily bound the credit does not move: the adjustment waits for a second admin.
  const [waiting, setWaiting] = useState<number | null>(null);
  const form = useForm({
    initialValues: { amountCents: '', reason: '' },
    validate: ({ amountCents }) => {
      const cents = centsFromInput(amountCents);
      return cents === null || cents === 0 ? { amountCents: t('creditForm.invalid', { add: formatNumber(5, 2), deduct: formatNumber(-2.5, 2), symbol: currencySymbol }) } : {};
    },
    onSubmit: async ({ amountCents, reason }, controls) => {
      const cents = centsFromInput(amountCents)!;
      if (keyFor.current !== `${cents}`) {
        requestKey.current = newRequestKey();
        keyFor.current = `${cents}`;
      }
      setWaiting(null);
      const { pendingAdjustment } = await api.admin.adjustCredit(userId, { amountCents: cents, reason }, requestKey.current);
      keyFor.current = '';
      if (pendingAdjustment) setWaiting(pendingAdjustment.amountCents);
      controls.reset();
      await onDone();
    },
  });
  const preview = centsFromInput(form.values.amountCents);
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t('creditForm.form')}>
      <TextField
        label={t('creditForm.amount')}
        inputMode="decimal"
        helperText={preview ? t(preview > 0 ? 'creditForm.adds' : 'creditForm.deducts', { amount: formatCents(currencySymbol, Math.abs(preview)) }) : t('creditForm.help')}
        {...form.field('amountCents')}
      />
      <TextField label={t('creditForm.reason')} {...form.field('reason')} />
      <FormFeedback form={form} />
      {waiting !== null && <p role="status">{t('creditForm.waiting', { amount: formatCents(currencySymbol, waiting) })}</p>}
      <SubmitButton pending={form.pending} pendingLabel={t('creditForm.adjusting')}>
        {t('creditForm.submit')}
      </SubmitButton>
    </Form>
  );
}
