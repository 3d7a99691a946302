import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useSharedT } from '../i18n/sharedCatalog';
import { Button, type ButtonVariant } from './Button';

export interface SubmitButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type'> {
  /** True while the form is being sent: the button is disabled and shows `pendingLabel`. */
  pending: boolean;
  /** What the button says while pending (default "Just a moment"). */
  pendingLabel?: ReactNode;
  $variant?: ButtonVariant;
  $block?: boolean;
}

/** A form's submit button that cannot be pressed twice while the request is on its way. */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: SubmitButtonProps) {
  const t = useSharedT();
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (pendingLabel ?? t('justAMoment')) : children}
    </Button>
  );
}
