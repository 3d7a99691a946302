/**
 * The two scales a bar chart needs, computed as d3-scale computes them, without d3-scale: its linear
 * scale brings d3's colour interpolation, number formatting and time scales (12 KB of the Stats
 * page with visx's wrappers, BENCHMARKS.md "Front end") for charts that use none of them. The round
 * values come from d3-array, as d3-scale takes them; the rest is the arithmetic below.
 */
import { nice, ticks } from 'd3-array';

export interface Bands {
  /** Where band `index` starts. */
  start(index: number): number;
  /** Each band's width. */
  bandwidth: number;
}

/**
 * `count` equal bands across `length`, separated by `padding` of a step and with as much at each
 * end, the whole centred (d3's band scale with padding `padding` and align 0.5).
 */
export function bands(count: number, length: number, padding: number): Bands {
  const step = length / Math.max(1, count - padding + 2 * padding);
  const first = (length - step * (count - padding)) / 2;
  return { start: (index) => first + step * index, bandwidth: step * (1 - padding) };
}

export interface ValueAxis {
  /** The height of `value` on the axis, measured down from the top (SVG's y). */
  y(value: number): number;
  /** About `tickCount` round values from zero up to the axis's top. */
  ticks: number[];
}

/**
 * Zero to `top` over `length`, the top raised to a round value (d3's linear scale made `nice()`, ten
 * ticks' worth), so the tallest bar ends on or under the axis's last label.
 */
export function valueAxis(top: number, length: number, tickCount: number): ValueAxis {
  const [, roundTop] = nice(0, top, 10);
  return { y: (value) => length - (value / roundTop) * length, ticks: ticks(0, roundTop, tickCount) };
}
