import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { describedBy, FieldMessage, useFieldIds } from './Field';
import type { FieldTextProps } from './types';

/** The whole row is the label, so the touch target is the full width and 48 px high. */
export const ChoiceRow = styled.label<{ $disabled?: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  font-size: 1rem;
`;

const Box = styled.input`
  flex: none;
  width: 22px;
  height: 22px;
  margin: 0;
  accent-color: ${({ theme }) => theme.palette.primary};
  cursor: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 3px;
  }
`;

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>, FieldTextProps {}

/** A labelled native checkbox in the theme's colour, with the kit's message line under it. */
export function Checkbox({ label, helperText, error, id, className, disabled, ...input }: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={className}>
      <ChoiceRow $disabled={disabled}>
        <Box type="checkbox" id={ids.controlId} disabled={disabled} {...describedBy(ids, { helperText, error })} {...input} />
        <span>{label}</span>
      </ChoiceRow>
      {(helperText || error) && (
        <FieldMessage id={ids.messageId} $error={Boolean(error)}>
          {error || helperText}
        </FieldMessage>
      )}
    </div>
  );
}
