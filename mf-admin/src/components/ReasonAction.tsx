import { useForm } from '@blockpilot/shared';
import { Form, FormFeedback, SubmitButton, TextField } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { useT } from '../i18n';

const Row = styled(Form)`
  flex-direction: row;
  flex-wrap: wrap;
  align-items: flex-start;
  > :first-child {
    flex: 1 1 240px;
  }
  > button {
    margin-top: 26px;
  }
`;

export interface ReasonActionProps {
  /** The button's text, also the form's name ("Stop search"). */
  label: string;
  pendingLabel: string;
  /** Does the action; its ApiError's field messages land under the reason. */
  act: (reason: string) => Promise<unknown>;
  onDone: () => unknown;
}

/** An operator action that needs a reason (docs/OPERATIONS.md "Audit"): a reason field and a button. */
export function ReasonAction({ label, pendingLabel, act, onDone }: ReasonActionProps) {
  const t = useT();
  const form = useForm({
    initialValues: { reason: '' },
    onSubmit: async ({ reason }, controls) => {
      await act(reason);
      controls.reset();
      await onDone();
    },
  });
  return (
    <Row onSubmit={form.handleSubmit} aria-label={label}>
      <TextField label={t('common.reason', { action: label.toLowerCase() })} {...form.field('reason')} />
      <SubmitButton pending={form.pending} pendingLabel={pendingLabel} $variant="outlined">
        {label}
      </SubmitButton>
      <FormFeedback form={form} />
    </Row>
  );
}
