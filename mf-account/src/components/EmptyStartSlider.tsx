import { Slider, type SliderProps } from '@blockpilot/shared/ui';
import type { KeyboardEvent, PointerEvent } from 'react';

/** Keys that move a range input; pressing one on the resting knob means "this value". */
const MOVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The kit's {@link Slider} for a value that starts unchosen (`value` null, knob resting at `min`).
 * A native range input fires no change when the knob is tapped, or pushed by a key, where it
 * already rests, so `min` could never be chosen without moving away and back; here a tap or a
 * moving key on the resting knob chooses the value it shows.
 */
export function EmptyStartSlider(props: SliderProps) {
  const { value, onChange } = props;
  const chooseResting = (target: EventTarget) => {
    if (value === null && target instanceof HTMLInputElement && target.type === 'range') onChange(Number(target.value));
  };
  return (
    <div
      onPointerUp={(event: PointerEvent) => chooseResting(event.target)}
      onKeyUp={(event: KeyboardEvent) => {
        if (MOVING_KEYS.has(event.key)) chooseResting(event.target);
      }}
    >
      <Slider {...props} />
    </div>
  );
}
