import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { FieldMessage, useFieldIds } from './Field';
import { Fill, percentOf, Rail, RangeInput, SliderHeader, Track } from './sliderParts';
import type { FieldTextProps, ValueFormatter } from './types';
import { useSharedT } from '../i18n/sharedCatalog';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

export interface SliderProps extends Omit<FieldTextProps, 'label'> {
  label: string;
  min: number;
  max: number;
  step?: number;
  /** The chosen value, or null while nothing is chosen yet (the knob rests at `min`). */
  value: number | null;
  onChange(value: number): void;
  /** Text of a value in the label and for screen readers, e.g. `(cents) => formatCents(symbol, cents)`. */
  formatValue?: ValueFormatter;
  /** Shown instead of a value while `value` is null. */
  emptyText?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
}

/** Keys that move a range input; pressing one on the resting knob means "this value". */
const MOVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A one-handle slider on a native range input, with its value shown next to the label. A value
 * may start unchosen (null, knob resting at `min`): a native range input fires no change when the
 * knob is tapped, or pushed by a key, where it already rests, so a tap or a moving key on the
 * resting knob chooses the value it shows; otherwise `min` could never be chosen directly.
 */
export function Slider({ label, min, max, step = 1, value, onChange, formatValue = String, emptyText, helperText, error, disabled, id, name }: SliderProps) {
  const t = useSharedT();
  const ids = useFieldIds(id);
  const shown = value === null ? (emptyText ?? t('notChosen')) : formatValue(value);
  return (
    <Wrapper>
      <SliderHeader>
        <label htmlFor={ids.controlId}>{label}</label>
        <output htmlFor={ids.controlId} aria-hidden="true">
          {shown}
        </output>
      </SliderHeader>
      <Track>
        <Rail>{value !== null && <Fill $from={0} $to={percentOf(value, min, max)} />}</Rail>
        <RangeInput
          type="range"
          id={ids.controlId}
          name={name}
          min={min}
          max={max}
          step={step}
          value={value ?? min}
          disabled={disabled}
          aria-valuetext={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || helperText ? ids.messageId : undefined}
          onChange={(event) => onChange(Number(event.target.value))}
          onPointerUp={(event) => value === null && onChange(Number(event.currentTarget.value))}
          onKeyUp={(event: KeyboardEvent<HTMLInputElement>) => value === null && MOVING_KEYS.has(event.key) && onChange(Number(event.currentTarget.value))}
        />
      </Track>
      <FieldMessage id={ids.messageId} $error={Boolean(error)}>
        {error || helperText}
      </FieldMessage>
    </Wrapper>
  );
}
