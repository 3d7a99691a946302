/**
 * A row of on/off buttons for a multi-choice with short labels (the days of a filter). Each is a
 * real button with `aria-pressed`, at least 48 px square; on narrow phones the row wraps into
 * `narrowColumns` columns instead of shrinking the targets. Candidate for the shared kit.
 */
import { up } from '@blockpilot/shared';
import { FieldMessage, tint, visuallyHidden } from '@blockpilot/shared/ui';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Label = styled.span`
  display: block;
  margin-bottom: 6px;
  font-weight: 500;
  font-size: 0.9375rem;
`;

const Row = styled.div<{ $columns: number; $narrowColumns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $narrowColumns }) => $narrowColumns}, minmax(${({ theme }) => theme.touchTarget}px, 1fr));
  gap: 6px;
  ${up('sm')} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(${({ theme }) => theme.touchTarget}px, 1fr));
  }
`;

const Toggle = styled.button<{ $invalid: boolean }>`
  position: relative;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 4px;
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.palette.error : theme.palette.divider)};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.paper};
  color: ${({ theme }) => theme.palette.text};
  font: 600 0.9375rem ${({ theme }) => theme.font.family};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => tint(theme.palette.primary, 6)};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.palette.primary};
    border-color: ${({ theme }) => theme.palette.primary};
    color: ${({ theme }) => theme.palette.primaryContrast};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 2px;
  }
`;

const SpokenOnly = styled.span`
  ${visuallyHidden}
`;

export interface ToggleOption<T> {
  value: T;
  /** What the button shows ("Mon"). */
  label: string;
  /** What screen readers say when the label is abbreviated ("Monday"); the label is then only shown. */
  name?: string;
}

export interface ToggleButtonGroupProps<T> {
  label: ReactNode;
  options: readonly ToggleOption<T>[];
  value: readonly T[];
  onChange(value: T[]): void;
  error?: string;
  helperText?: ReactNode;
  /** Columns on narrow phones (below the `sm` breakpoint). */
  narrowColumns?: number;
}

export function ToggleButtonGroup<T extends string | number>({ label, options, value, onChange, error, helperText, narrowColumns = 4 }: ToggleButtonGroupProps<T>) {
  const base = useId().replace(/:/g, '');
  const chosen = new Set(value);
  // Keep the options' order (Sunday first), whatever order the driver pressed them in.
  const toggle = (option: T) => onChange(options.map((o) => o.value).filter((v) => (v === option ? !chosen.has(v) : chosen.has(v))));
  return (
    <div role="group" aria-labelledby={`${base}-label`} aria-describedby={error || helperText ? `${base}-message` : undefined}>
      <Label id={`${base}-label`}>{label}</Label>
      <Row $columns={options.length} $narrowColumns={narrowColumns}>
        {options.map((option) => (
          <Toggle key={option.value} type="button" aria-pressed={chosen.has(option.value)} $invalid={Boolean(error)} onClick={() => toggle(option.value)}>
            {/* The name comes from the content, not aria-label, so what is seen and what is said never disagree. */}
            {option.name ? (
              <>
                <span aria-hidden="true">{option.label}</span>
                <SpokenOnly>{option.name}</SpokenOnly>
              </>
            ) : (
              option.label
            )}
          </Toggle>
        ))}
      </Row>
      <FieldMessage id={`${base}-message`} $error={Boolean(error)}>
        {error || helperText}
      </FieldMessage>
    </div>
  );
}
