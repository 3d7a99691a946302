import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { describedBy, Field, useFieldIds } from './Field';
import { ChevronDownIcon } from './icons';
import { controlBox } from './styles';
import type { FieldTextProps, SelectOption } from './types';

const Control = styled.div`
  position: relative;
  display: flex;
  svg {
    position: absolute;
    right: 12px;
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

const NativeSelect = styled.select`
  ${controlBox}
  appearance: none;
  padding-right: 44px;
  cursor: pointer;
`;

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'>, FieldTextProps {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose your country") shown while nothing is chosen. */
  placeholder?: string;
}

/** A labelled native select: the phone's own picker, keyboard and screen-reader support for free. */
export function Select({ label, helperText, error, options, placeholder, id, className, ...select }: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} helperText={helperText} error={error} className={className}>
      <Control>
        <NativeSelect id={ids.controlId} {...describedBy(ids, { helperText, error })} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <ChevronDownIcon />
      </Control>
    </Field>
  );
}
