import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { ChoiceRow } from './Checkbox';
import { describedBy, FieldMessage, useFieldIds } from './Field';
import { tint, visuallyHidden } from './styles';
import type { FieldTextProps } from './types';

const Input = styled.input`
  ${visuallyHidden}
`;

/** The drawn track and knob; the real (hidden) checkbox before it drives its look. */
const Track = styled.span`
  flex: none;
  position: relative;
  width: 44px;
  height: 24px;
  border-radius: 12px;
  background: ${({ theme }) => tint(theme.palette.textMuted, 45)};
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${({ theme }) => theme.palette.paper};
    box-shadow: ${({ theme }) => theme.shadow};
    transition: transform 0.15s;
  }
  input:checked + & {
    background: ${({ theme }) => theme.palette.primary};
  }
  input:checked + &::after {
    transform: translateX(20px);
  }
  input:focus-visible + & {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &::after {
      transition: none;
    }
  }
`;

export interface SwitchProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'role' | 'children'>, FieldTextProps {}

/** An on/off switch (`role="switch"`): a checkbox underneath, so Space toggles it and forms read it. */
export function Switch({ label, helperText, error, id, className, disabled, ...input }: SwitchProps) {
  const ids = useFieldIds(id);
  return (
    <div className={className}>
      <ChoiceRow $disabled={disabled}>
        <Input type="checkbox" role="switch" id={ids.controlId} disabled={disabled} {...describedBy(ids, { helperText, error })} {...input} />
        <Track aria-hidden="true" />
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
