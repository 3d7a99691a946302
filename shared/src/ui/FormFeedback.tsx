import type { FieldErrors as FieldErrorMap } from '../types';
import { FieldErrors } from './FieldErrors';
import { Notice } from './Notice';

export interface FormFeedbackProps {
  /** `useForm()` (or anything with the same two fields). */
  form: { formError: string | null; otherErrors: FieldErrorMap };
}

/**
 * What a form's fields cannot show: messages for names the form has no field for, and a failure
 * nothing else explained. Put it just above the submit button.
 */
export function FormFeedback({ form }: FormFeedbackProps) {
  return (
    <>
      <FieldErrors errors={form.otherErrors} />
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
    </>
  );
}
