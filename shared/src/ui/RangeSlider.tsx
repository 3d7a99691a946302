import { useId } from 'react';
import styled from 'styled-components';
import type { Range } from '../types';
import { FieldMessage, useFieldIds } from './Field';
import { Fill, percentOf, Rail, RangeInput, SliderHeader, Track } from './sliderParts';
import type { FieldTextProps, ValueFormatter } from './types';
import { useSharedT } from '../i18n/sharedCatalog';

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

export interface RangeSliderProps extends Omit<FieldTextProps, 'label'> {
  label: string;
  min: number;
  max: number;
  step?: number;
  /** [low, high]; the handles never cross. */
  value: Range;
  onChange(value: Range): void;
  /** Text of a value in the label and for screen readers, e.g. minutes to "6:00 AM". */
  formatValue?: ValueFormatter;
  /** Accessible names of the two handles; default "Minimum {label}" and "Maximum {label}". */
  handleLabels?: [string, string];
  /** The text shown beside the label; default "{low} – {high}" with `formatValue`. */
  valueText?: string;
  /**
   * The chosen part lies outside the handles (from each end of the rail to its handle), as a
   * window that wraps around, such as an overnight time window; the rail is highlighted there.
   */
  outside?: boolean;
  disabled?: boolean;
  id?: string;
}

/**
 * A two-handle slider: two native range inputs over one rail. Each handle is its own tab stop
 * with its own accessible name and value text; dragging one past the other stops at it.
 */
export function RangeSlider({
  label,
  min,
  max,
  step = 1,
  value,
  onChange,
  formatValue = String,
  handleLabels,
  valueText,
  outside = false,
  helperText,
  error,
  disabled,
  id,
}: RangeSliderProps) {
  const t = useSharedT();
  const ids = useFieldIds(id);
  const labelId = `${useId().replace(/:/g, '')}-label`;
  const [low, high] = value;
  const [lowName, highName] = handleLabels ?? [t('minimumOf', { label: label.toLowerCase() }), t('maximumOf', { label: label.toLowerCase() })];
  const describedBy = error || helperText ? ids.messageId : undefined;
  // Both handles at the top end: the low one must be on top, or it could never be dragged back down.
  const lowOnTop = low >= max;
  const shared = { min, max, step, disabled, $passThrough: true, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;

  return (
    <Group role="group" aria-labelledby={labelId}>
      <SliderHeader>
        <span id={labelId}>{label}</span>
        <output aria-hidden="true">{valueText ?? `${formatValue(low)} – ${formatValue(high)}`}</output>
      </SliderHeader>
      <Track>
        <Rail>
          {outside ? (
            <>
              <Fill $from={0} $to={percentOf(low, min, max)} />
              <Fill $from={percentOf(high, min, max)} $to={100} />
            </>
          ) : (
            <Fill $from={percentOf(low, min, max)} $to={percentOf(high, min, max)} />
          )}
        </Rail>
        <RangeInput
          {...shared}
          type="range"
          id={ids.controlId}
          aria-label={lowName}
          aria-valuetext={formatValue(low)}
          value={low}
          style={{ zIndex: lowOnTop ? 2 : 1 }}
          onChange={(event) => onChange([Math.min(Number(event.target.value), high), high])}
        />
        <RangeInput
          {...shared}
          type="range"
          aria-label={highName}
          aria-valuetext={formatValue(high)}
          value={high}
          style={{ zIndex: lowOnTop ? 1 : 2 }}
          onChange={(event) => onChange([low, Math.max(Number(event.target.value), low)])}
        />
      </Track>
      <FieldMessage id={ids.messageId} $error={Boolean(error)}>
        {error || helperText}
      </FieldMessage>
    </Group>
  );
}
