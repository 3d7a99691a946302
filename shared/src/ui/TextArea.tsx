import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { describedBy, Field, useFieldIds } from './Field';
import { controlBox } from './styles';
import type { FieldTextProps } from './types';

const Area = styled.textarea`
  ${controlBox}
  padding: 12px 14px;
  resize: vertical;
  min-height: 120px;
`;

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'>, FieldTextProps {}

/** A labelled multi-line input with the same message line as {@link TextField}. */
export function TextArea({ label, helperText, error, id, rows = 5, className, ...area }: TextAreaProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} helperText={helperText} error={error} className={className}>
      <Area id={ids.controlId} rows={rows} {...describedBy(ids, { helperText, error })} {...area} />
    </Field>
  );
}
