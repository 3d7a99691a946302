/**
 * The frame of every labelled control: label above, control, then one message line under it
 * (the error if any, else the helper text). The message line always keeps its height, so an
 * error arriving from the server does not push the form around.
 */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { FieldTextProps } from './types';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-weight: 500;
  font-size: 0.9375rem;
`;

/** One line of text under a control; empty it still takes that line. */
export const FieldMessage = styled.p<{ $error?: boolean }>`
  margin: 0;
  min-height: 1.4em;
  font-size: 0.8125rem;
  line-height: 1.4;
  color: ${({ theme, $error }) => ($error ? theme.palette.error : theme.palette.textMuted)};
  font-weight: ${({ $error }) => ($error ? 500 : 400)};
`;

/** The ids that tie a control to its label and message. */
export interface FieldIds {
  controlId: string;
  messageId: string;
}

/** Stable ids for a control (its own `id` if given) and its message line. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const controlId = id ?? `field${generated.replace(/:/g, '')}`;
  return { controlId, messageId: `${controlId}-message` };
}

/** The `aria-*` a control needs to announce its message and invalid state. */
export function describedBy({ messageId }: FieldIds, { helperText, error }: Pick<FieldTextProps, 'helperText' | 'error'>) {
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error || helperText ? messageId : undefined,
  };
}

export interface FieldProps extends FieldTextProps {
  ids: FieldIds;
  children: ReactNode;
  /** Render the label as a plain text (for groups labelled with aria-labelledby). */
  labelId?: string;
  className?: string;
}

/** Label + control + message line. Use it to give a custom control the kit's look and wiring. */
export function Field({ ids, label, labelId, helperText, error, children, className }: FieldProps) {
  return (
    <Wrapper className={className}>
      {labelId ? (
        <Label as="span" id={labelId}>
          {label}
        </Label>
      ) : (
        <Label htmlFor={ids.controlId}>{label}</Label>
      )}
      {children}
      <FieldMessage id={ids.messageId} $error={Boolean(error)}>
        {error || helperText}
      </FieldMessage>
    </Wrapper>
  );
}
