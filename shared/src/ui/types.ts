/** Prop shapes several kit components share. */
import type { ReactNode } from 'react';

/** What every labelled form control of the kit accepts besides its native attributes. */
export interface FieldTextProps {
  /** The visible label; also the control's accessible name. */
  label: ReactNode;
  /** A hint under the control, shown while there is no error. */
  helperText?: ReactNode;
  /**
   * The message under the control, e.g. the server's text for this field (docs/PRODUCT.md section 5).
   * Marks the control `aria-invalid` and links the text with `aria-describedby`.
   */
  error?: string;
}

/** A colour role of the theme's palette, for chips, dots and notices. */
export type Tone = 'primary' | 'success' | 'error' | 'warning' | 'neutral';

/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Formats a slider value for its label and for screen readers (`aria-valuetext`). */
export type ValueFormatter = (value: number) => string;
