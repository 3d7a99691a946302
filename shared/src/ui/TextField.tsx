import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { describedBy, Field, useFieldIds } from './Field';
import { LockIcon } from './icons';
import { controlBox } from './styles';
import type { FieldTextProps } from './types';

const Control = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $adorned: boolean }>`
  ${controlBox}
  padding-right: ${({ $adorned, theme }) => ($adorned ? theme.touchTarget : 14)}px;
`;

/** Sits at the right end inside the input: a button (show password) or an icon (lock). */
export const Adornment = styled.span`
  position: absolute;
  top: 0;
  right: 0;
  height: 100%;
  min-width: ${({ theme }) => theme.touchTarget}px;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.palette.textMuted};
`;

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size' | 'children'>, FieldTextProps {
  /** Read-only with a lock icon: a value the driver cannot change here (e.g. the account's e-mail). */
  locked?: boolean;
  /** Content at the right end of the input (kept clear of the typed text). */
  endAdornment?: ReactNode;
}

/**
 * A labelled single-line input. The helper or error text sits under it, linked with
 * `aria-describedby`; `locked` makes it read-only and says so.
 */
export function TextField({ label, helperText, error, locked, endAdornment, id, readOnly, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  const adornment = endAdornment ?? (locked ? <LockIcon /> : null);
  return (
    <Field ids={ids} label={label} helperText={helperText} error={error} className={className}>
      <Control>
        <Input id={ids.controlId} readOnly={locked || readOnly} $adorned={Boolean(adornment)} {...describedBy(ids, { helperText, error })} {...input} />
        {adornment && <Adornment>{adornment}</Adornment>}
      </Control>
    </Field>
  );
}
