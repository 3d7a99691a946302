import { api, formatCents, useForm } from '@blockpilot/shared';
import { Form, FormFeedback, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useRef } from 'react';
import { centsFromInput } from '../format';

/** A fresh Idempotency-Key: one per adjustment the operator means. */
const newRequestKey = () => crypto.randomUUID();

/**
 * Adjusts a driver's credit by a signed amount (docs/OPERATIONS.md "Credit adjustments"). The
 * request key stays the same until the adjustment succeeds, so a retry after a lost answer (or a
 * double click) adjusts once; a new amount gets a new key.
 */
export function CreditForm({ userId, currencySymbol, onDone }: { userId: string; currencySymbol: string; onDone: () => unknown }) {
  const requestKey = useRef(newRequestKey());
  const keyFor = useRef('');
  const form = useForm({
    initialValues: { amountCents: '', reason: '' },
    validate: ({ amountCents }) => {
      const cents = centsFromInput(amountCents);
      return cents === null || cents === 0 ? { amountCents: `Enter an amount such as 5.00 to add or -2.50 to deduct (in ${currencySymbol}).` } : {};
    },
    onSubmit: async ({ amountCents, reason }, controls) => {
      const cents = centsFromInput(amountCents)!;
      if (keyFor.current !== `${cents}`) {
        requestKey.current = newRequestKey();
        keyFor.current = `${cents}`;
      }
      await api.admin.adjustCredit(userId, { amountCents: cents, reason }, requestKey.current);
      keyFor.current = '';
      controls.reset();
      await onDone();
    },
  });
  const preview = centsFromInput(form.values.amountCents);
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Adjust credit">
      <TextField
        label="Amount"
        inputMode="decimal"
        helperText={preview ? `${preview > 0 ? 'Adds' : 'Deducts'} ${formatCents(currencySymbol, Math.abs(preview))}` : 'Positive adds credit, negative deducts it.'}
        {...form.field('amountCents')}
      />
      <TextField label="Reason (kept in the audit log)" {...form.field('reason')} />
      <FormFeedback form={form} />
      <SubmitButton pending={form.pending} pendingLabel="Adjusting…">
        Adjust credit
      </SubmitButton>
    </Form>
  );
}
