/**
 * The one form pattern of the app: values, change handlers, a submit with a pending state, and
 * the server's per-field messages (docs/PRODUCT.md section 5: "all validation is server-side; the client
 * shows the error texts returned per field") mapped onto the fields that sent them. A field's
 * message goes away as soon as the driver edits that field.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../api/errors';
import type { FieldErrors } from '../types';

/** A form's values: text fields are strings, checkboxes and switches booleans. */
export type FormValues = Record<string, string | boolean>;

/** Per-field messages; an alias so screens can type state without clashing with the FieldErrors component. */
export type FieldErrorMap = FieldErrors;

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/** What the submit handler may do to the form, e.g. clear one box after success. */
export interface FormControls<V extends FormValues> {
  values: V;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Replace the values (default: back to the initial ones) and forget all messages. */
  reset(values?: Partial<V>): void;
  /** Show messages, e.g. from a client rule; keys are field names. */
  setErrors(errors: FieldErrors): void;
}

export interface UseFormOptions<V extends FormValues> {
  /** The fields and their first values; read once (later values come through `setValue` or `reset`). */
  initialValues: V;
  /**
   * Client rules checked before anything is sent (the few the spec gives the client, such as a
   * required country). Return messages per field; any message stops the submit.
   */
  validate?: (values: V) => Partial<Record<keyof V & string, string>>;
  /** Send the form. A thrown `ApiError` puts its `fieldErrors` under the matching fields. */
  onSubmit: (values: V, form: FormControls<V>) => unknown;
}

/** Props for a kit text control ({@link TextField}, {@link PasswordField}, {@link Select}...). */
export interface TextBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
}

/** Props for a kit {@link Checkbox} or {@link Switch}. */
export interface CheckBinding {
  name: string;
  checked: boolean;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

export interface UseFormResult<V extends FormValues> extends FormControls<V> {
  /** Messages keyed by field name (the server's names). */
  errors: FieldErrors;
  /** Messages for names that are not fields of this form; show them with `<FieldErrors>`. */
  otherErrors: FieldErrors;
  /**
   * A failure no field explains and the server did not describe (network down, unexpected
   * status). When the server sent an `alert` it is already a toast, so this stays null.
   */
  formError: string | null;
  /** True from submit until the handler settles; a second submit meanwhile is ignored. */
  pending: boolean;
  /** True once the last submit succeeded (until the next one starts). */
  succeeded: boolean;
  field(name: KeysOf<V, string>): TextBinding;
  checkbox(name: KeysOf<V, boolean>): CheckBinding;
  /** The form's `onSubmit`: prevents the page load, validates, sends, maps errors. */
  handleSubmit(event?: FormEvent<HTMLFormElement>): Promise<void>;
}

export const NETWORK_ERROR_TEXT = 'BlockPilot could not be reached. Check your connection and try again.';
export const UNEXPECTED_ERROR_TEXT = 'Something went wrong. Please try again.';

/** The form-level text for a failure, or null when fields or a toast already explain it. */
function describeFailure(error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    console.error('[form] submit failed', error);
    return UNEXPECTED_ERROR_TEXT;
  }
  if (Object.keys(error.fieldErrors).length > 0 || error.envelope.alert) return null;
  return error.status === 0 ? NETWORK_ERROR_TEXT : UNEXPECTED_ERROR_TEXT;
}

/** The entries that carry a message (rules may return `{ field: undefined }` for "fine"). */
function messagesOf(errors: Partial<Record<string, string>>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

function hasMessages(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}

export function useForm<V extends FormValues>({ initialValues, validate, onSubmit }: UseFormOptions<V>): UseFormResult<V> {
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  // Refs give the submit the latest values and block a double submit before React re-renders.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const pendingRef = useRef(false);
  const initialRef = useRef(initialValues);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    valuesRef.current = { ...valuesRef.current, [name]: value };
    setValuesState(valuesRef.current);
    setErrorsState((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback((next?: Partial<V>) => {
    valuesRef.current = { ...initialRef.current, ...next };
    setValuesState(valuesRef.current);
    setErrorsState({});
    setFormError(null);
  }, []);

  const setErrors = useCallback((next: FieldErrors) => {
    setErrorsState(next);
    setFocusRequest((n) => n + 1);
  }, []);

  // After messages arrive, move focus to the first field that has one, so it is read out.
  useEffect(() => {
    const form = formRef.current;
    if (!focusRequest || !form) return;
    const first = Array.from(form.elements).find((el): el is HTMLElement => el instanceof HTMLElement && 'name' in el && Boolean(errors[(el as HTMLInputElement).name]));
    first?.focus();
    // Only a new request moves focus, not every change of the messages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const controls: FormControls<V> = useMemo(() => ({ values, setValue, reset, setErrors }), [values, setValue, reset, setErrors]);

  const handleSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (event) formRef.current = event.currentTarget;
    if (pendingRef.current) return;
    const current = valuesRef.current;
    const clientErrors = messagesOf(validate?.(current) ?? {});
    if (hasMessages(clientErrors)) {
      setErrors(clientErrors);
      return;
    }
    pendingRef.current = true;
    setPending(true);
    setSucceeded(false);
    setFormError(null);
    setErrorsState({});
    try {
      await onSubmit(current, { ...controls, values: current });
      setSucceeded(true);
    } catch (error) {
      setFormError(describeFailure(error));
      if (error instanceof ApiError && hasMessages(error.fieldErrors)) setErrors(error.fieldErrors);
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  const otherErrors = useMemo(() => Object.fromEntries(Object.entries(errors).filter(([name]) => !(name in initialRef.current))), [errors]);

  return {
    ...controls,
    errors,
    otherErrors,
    formError,
    pending,
    succeeded,
    field: (name) => ({
      name,
      value: String(values[name] ?? ''),
      error: errors[name],
      onChange: (event) => setValue(name, event.target.value as V[typeof name]),
    }),
    checkbox: (name) => ({
      name,
      checked: Boolean(values[name]),
      error: errors[name],
      onChange: (event) => setValue(name, event.target.checked as V[typeof name]),
    }),
    handleSubmit,
  };
}
