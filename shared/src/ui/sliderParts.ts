/**
 * The pieces both sliders are drawn with. Each handle is a native `<input type="range">`, so
 * arrows, Page Up/Down, Home/End, touch dragging and screen readers work as the platform does;
 * only the look is ours. The thumb is a full touch target (48 px) with a smaller visible knob,
 * and the rail is inset by half a thumb so the knob's centre meets its ends.
 */
import styled, { css } from 'styled-components';
import { tint } from './styles';

/** Where a value sits along the rail, 0-100. */
export function percentOf(value: number, min: number, max: number): number {
  if (max <= min) return 0;
  return Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
}

/** The header line: label on the left, the current value(s) on the right. */
export const SliderHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 12px;
  flex-wrap: wrap;
  font-weight: 500;
  font-size: 0.9375rem;
  output {
    font-weight: 600;
    color: ${({ theme }) => theme.palette.primary};
    font-variant-numeric: tabular-nums;
  }
`;

export const Track = styled.div`
  position: relative;
  height: ${({ theme }) => theme.touchTarget}px;
`;

export const Rail = styled.div`
  position: absolute;
  top: 50%;
  left: ${({ theme }) => theme.touchTarget / 2}px;
  right: ${({ theme }) => theme.touchTarget / 2}px;
  height: 6px;
  margin-top: -3px;
  border-radius: 3px;
  background: ${({ theme }) => theme.palette.divider};
`;

/** The highlighted part of the rail between `from` and `to` (percent). */
export const Fill = styled.div.attrs<{ $from: number; $to: number }>(({ $from, $to }) => ({
  style: { left: `${$from}%`, right: `${100 - $to}%` },
}))<{ $from: number; $to: number }>`
  position: absolute;
  top: 0;
  bottom: 0;
  border-radius: 3px;
  background: ${({ theme }) => theme.palette.primary};
`;

const thumb = css`
  appearance: none;
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
  border: 0;
  border-radius: 50%;
  pointer-events: auto;
  cursor: grab;
  background: radial-gradient(circle, ${({ theme }) => theme.palette.primary} 0 10px, ${({ theme }) => theme.palette.paper} 10.5px 12.5px, transparent 13px);
`;

const focusedThumb = css`
  background: radial-gradient(
    circle,
    ${({ theme }) => theme.palette.primary} 0 10px,
    ${({ theme }) => theme.palette.paper} 10.5px 12.5px,
    ${({ theme }) => tint(theme.palette.primary, 30)} 13px 22px,
    transparent 22.5px
  );
`;

/**
 * A transparent range input laid over the rail. With `$passThrough` only its thumb takes
 * pointer events, so two of them can share one rail (the range slider).
 */
export const RangeInput = styled.input<{ $passThrough?: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  appearance: none;
  background: transparent;
  pointer-events: ${({ $passThrough }) => ($passThrough ? 'none' : 'auto')};
  &::-webkit-slider-runnable-track {
    height: 100%;
    background: transparent;
  }
  &::-moz-range-track {
    background: transparent;
  }
  &::-webkit-slider-thumb {
    ${thumb}
  }
  &::-moz-range-thumb {
    ${thumb}
  }
  &:focus {
    outline: none;
  }
  &:focus-visible::-webkit-slider-thumb {
    ${focusedThumb}
  }
  &:focus-visible::-moz-range-thumb {
    ${focusedThumb}
  }
  &:disabled {
    opacity: 0.5;
  }
  &:disabled::-webkit-slider-thumb {
    cursor: not-allowed;
  }
`;
