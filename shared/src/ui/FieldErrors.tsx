import styled from 'styled-components';
import type { FieldErrors as FieldErrorMap } from '../types';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.palette.error};
  font-size: 0.875rem;
  font-weight: 500;
  li + li {
    margin-top: 4px;
  }
`;

export interface FieldErrorsProps {
  /** Messages keyed by field name, e.g. `ApiError.fieldErrors` or `useForm().errors`. */
  errors: FieldErrorMap;
  /** Show only these fields' messages (e.g. one filter section's: `['days']`). */
  only?: readonly string[];
  className?: string;
}

/**
 * The server's per-field messages as a list announced to screen readers: under a section whose
 * fields are not text inputs (filter days, sliders), or for fields a form does not show.
 * Renders nothing when there is nothing to say.
 */
export function FieldErrors({ errors, only, className }: FieldErrorsProps) {
  const entries = Object.entries(errors).filter(([name, message]) => message && (!only || only.includes(name)));
  if (entries.length === 0) return null;
  return (
    <List role="alert" className={className}>
      {entries.map(([name, message]) => (
        <li key={name} data-field={name}>
          {message}
        </li>
      ))}
    </List>
  );
}
