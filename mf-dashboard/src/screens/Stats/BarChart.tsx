/**
 * A grouped bar chart drawn in SVG (it loads only with the Stats page, docs/FRONTEND.md "Route
 * chunks"). The picture is for sighted readers only (aria-hidden): each chart sits beside a real
 * table of the same figures (DataTable), which screen readers read instead.
 *
 * Bars, axes and their labels are drawn here: a chart library's axis brought a CSS calc()
 * evaluator, and its scales d3's colour and time code, 12 KB of the page for rectangles, lines and
 * labels (BENCHMARKS.md "Front end"). The scales' arithmetic is in chartScales.ts.
 *
 * The drawing is laid out at the width it is shown, one unit a CSS pixel, so its 12 px labels stay
 * 12 px on a phone (a fixed 640-unit drawing shrunk to 288 px wrote them at about 5 px): a narrow
 * chart draws fewer values up its side and labels fewer groups along the bottom, and the left
 * margin is as wide as the longest value label, which is never cut.
 */
import { useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import { useElementWidth } from '../../components/useElementWidth';
import { bands, valueAxis } from './chartScales';

export interface BarSeries {
  name: string;
  color: string;
  /** Whole numbers: cents, or counts. */
  values: readonly number[];
}

export interface BarChartProps {
  /** One label per group of bars, in order. */
  labels: readonly string[];
  series: readonly BarSeries[];
  /** How the value axis writes a value. */
  formatValue(value: number): string;
  /** Label every n-th group at most (more are left out where their labels would touch). */
  labelEvery?: number;
  height?: number;
  /** The width to draw at; by default the width the chart is shown at. */
  width?: number;
}

/** The width drawn at before the chart's box is measured (and in tests without layout). */
const DEFAULT_WIDTH = 640;
const MARGIN = { top: 8, right: 12, bottom: 28 };
/** Below this width a chart draws fewer values up its side. */
const NARROW = 480;
/** A 12 px label's character, wide enough for digits and capitals, and the room between two labels. */
const CHAR_WIDTH = 7.5;
const LABEL_SPACING = 10;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  li::before {
    content: '';
    display: inline-block;
    width: 12px;
    height: 12px;
    margin-right: 6px;
    border-radius: 2px;
    background: var(--swatch);
    vertical-align: -1px;
  }
`;

/** About this many round values on the value axis (chartScales.ts picks them: 0, 50, 100, ...), fewer on a phone. */
const VALUE_TICKS = 4;
const NARROW_VALUE_TICKS = 2;
/** A tick's length past the axis line, and the gap to its label. */
const TICK = 6;
const LABEL_GAP = 4;

interface AxisProps {
  side: 'left' | 'bottom';
  /** The axis line's length along its side. */
  length: number;
  /** Where the line sits across it (the bottom axis: the plot's height). */
  offset?: number;
  /** Each tick's place along the axis, and its label. */
  ticks: ReadonlyArray<{ at: number; label: string }>;
  lineColor: string;
  textColor: string;
}

/** An axis: its line, and a short tick with a label at each value given. */
function Axis({ side, length, offset = 0, ticks, lineColor, textColor }: AxisProps) {
  const left = side === 'left';
  return (
    <g transform={left ? undefined : `translate(0, ${offset})`} fontSize={12} fill={textColor} textAnchor={left ? 'end' : 'middle'}>
      <line x2={left ? 0 : length} y2={left ? length : 0} stroke={lineColor} />
      {ticks.map(({ at, label }) => (
        <g key={`${at}:${label}`} transform={left ? `translate(0, ${at})` : `translate(${at}, 0)`}>
          <line x2={left ? -TICK : 0} y2={left ? 0 : TICK} stroke={lineColor} />
          {/* Centred on the tick: on the left by a third of the text's height, below by its whole height. */}
          <text x={left ? -TICK - LABEL_GAP : 0} y={left ? 0 : TICK + LABEL_GAP} dy={left ? '0.32em' : '0.71em'}>
            {label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** How many groups apart labels must be so that none touches the next: at least `labelEvery`, a multiple of it. */
export function labelStep(labels: readonly string[], innerWidth: number, labelEvery: number): number {
  const widest = Math.max(0, ...labels.map((label) => label.length)) * CHAR_WIDTH + LABEL_SPACING;
  const fit = Math.ceil((widest * labels.length) / Math.max(1, innerWidth));
  return labelEvery * Math.max(1, Math.ceil(fit / labelEvery));
}

export function BarChart({ labels, series, formatValue, labelEvery = 1, height = 220, width }: BarChartProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const measured = useElementWidth(box, DEFAULT_WIDTH);
  const drawnWidth = Math.round(width ?? measured);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const values = valueAxis(top, innerHeight, drawnWidth < NARROW ? NARROW_VALUE_TICKS : VALUE_TICKS);
  // Every series counts whole things (cents, offers): no tick between two of them.
  const valueTicks = values.ticks.filter(Number.isInteger).map((value) => ({ at: values.y(value), label: formatValue(value) }));
  const left = Math.ceil(Math.max(...valueTicks.map((tick) => tick.label.length)) * CHAR_WIDTH) + TICK + LABEL_GAP + 2;
  const innerWidth = drawnWidth - left - MARGIN.right;
  const groups = bands(labels.length, innerWidth, 0.2);
  const within = bands(series.length, groups.bandwidth, 0.05);
  const every = labelStep(labels, innerWidth, labelEvery);

  return (
    <div ref={box}>
      <Svg viewBox={`0 0 ${drawnWidth} ${height}`} aria-hidden="true" focusable="false">
        <g transform={`translate(${left}, ${MARGIN.top})`}>
          {labels.map((_, group) =>
            series.map((s, index) => {
              const y = values.y(s.values[group] ?? 0);
              return <rect key={`${group}-${index}`} x={groups.start(group) + within.start(index)} y={y} width={within.bandwidth} height={innerHeight - y} fill={s.color} rx={2} />;
            }),
          )}
          <Axis side="left" length={innerHeight} ticks={valueTicks} lineColor={theme.palette.divider} textColor={theme.palette.textMuted} />
          <Axis
            side="bottom"
            offset={innerHeight}
            length={innerWidth}
            ticks={labels.flatMap((label, group) => (group % every === 0 ? [{ at: groups.start(group) + groups.bandwidth / 2, label }] : []))}
            lineColor={theme.palette.divider}
            textColor={theme.palette.textMuted}
          />
        </g>
      </Svg>
      {series.length > 1 && (
        <Legend aria-hidden="true">
          {series.map((s) => (
            <li key={s.name} style={{ ['--swatch' as string]: s.color }}>
              {s.name}
            </li>
          ))}
        </Legend>
      )}
    </div>
  );
}
