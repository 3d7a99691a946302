export {
  useForm,
  NETWORK_ERROR_TEXT,
  UNEXPECTED_ERROR_TEXT,
  type CheckBinding,
  type FieldErrorMap,
  type FormControls,
  type FormValues,
  type TextBinding,
  type UseFormOptions,
  type UseFormResult,
} from './useForm';
