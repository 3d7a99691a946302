/**
 * A multi-select as a list of checkboxes under one legend: every choice is a full-width 48 px
 * row, the phone's own checkbox semantics come for free, and a long list scrolls inside its box
 * instead of stretching the page. Candidate for the shared kit (it has no multi-select).
 */
import { Checkbox, FieldMessage, type SelectOption } from '@blockpilot/shared/ui';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: 6px;
  font-weight: 500;
  font-size: 0.9375rem;
`;

const List = styled.div<{ $maxHeight: number; $invalid: boolean }>`
  max-height: ${({ $maxHeight }) => $maxHeight}px;
  overflow-y: auto;
  padding: 0 12px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.palette.error : theme.palette.divider)};
  border-radius: ${({ theme }) => theme.radius}px;
  /* Rows fill the touch target; the hairline keeps long lists readable. */
  & > div + div {
    border-top: 1px solid ${({ theme }) => theme.palette.divider};
  }
`;

export interface CheckboxGroupProps {
  legend: ReactNode;
  /** Each choice; `hint` is a line under it (its accessible description). */
  options: ReadonlyArray<SelectOption & { hint?: string | undefined }>;
  /** The chosen values; values without an option are kept as they are. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** Shown instead of the list when there are no options (or while they load). */
  placeholder?: ReactNode;
  helperText?: ReactNode;
  error?: string;
  /** Height at which the list starts to scroll (px). */
  maxHeight?: number;
  /** Something at the right of the legend line, e.g. "2 selected" or a switch. */
  legendExtra?: ReactNode;
}

export function CheckboxGroup({ legend, options, value, onChange, placeholder, helperText, error, maxHeight = 290, legendExtra }: CheckboxGroupProps) {
  const messageId = `${useId().replace(/:/g, '')}-message`;
  const chosen = new Set(value);
  const toggle = (option: string, checked: boolean) => onChange(checked ? [...value, option] : value.filter((v) => v !== option));
  return (
    <Fieldset aria-describedby={error || helperText ? messageId : undefined}>
      <Legend>{legend}</Legend>
      {legendExtra}
      {options.length === 0 ? (
        placeholder
      ) : (
        <List $maxHeight={maxHeight} $invalid={Boolean(error)}>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              label={option.label}
              helperText={option.hint}
              checked={chosen.has(option.value)}
              disabled={option.disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
          ))}
        </List>
      )}
      <FieldMessage id={messageId} $error={Boolean(error)}>
        {error || helperText}
      </FieldMessage>
    </Fieldset>
  );
}
