/**
 * A grouped bar chart drawn in SVG (it loads only with the Stats page, docs/FRONTEND.md "Route
 * chunks"). The picture is for sighted readers only (aria-hidden): each chart sits beside a real
 * table of the same figures (DataTable), which screen readers read instead.
 *
 * Bars, axes and their labels are drawn here: a chart library's axis brought a CSS calc()
 * evaluator, and its scales d3's colour and time code, 12 KB of the page for rectangles, lines and
 * labels (BENCHMARKS.md "Front end"). The scales' arithmetic is in chartScales.ts.
 */
import styled, { useTheme } from 'styled-components';
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
  /** Label every n-th group only (28 days do not fit a phone's width otherwise). */
  labelEvery?: number;
  height?: number;
}

/** The drawing's own width: the SVG scales to its box, so one layout serves 360 px and 1440 px. */
const WIDTH = 640;
const MARGIN = { top: 8, right: 8, bottom: 28, left: 56 };

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

/** About this many round values on the value axis (chartScales.ts picks them: 0, 50, 100, ...). */
const VALUE_TICKS = 4;
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

export function BarChart({ labels, series, formatValue, labelEvery = 1, height = 220 }: BarChartProps) {
  const theme = useTheme();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const groups = bands(labels.length, innerWidth, 0.2);
  const within = bands(series.length, groups.bandwidth, 0.05);
  const values = valueAxis(top, innerHeight, VALUE_TICKS);

  return (
    <div>
      <Svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
        <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
          {labels.map((_, group) =>
            series.map((s, index) => {
              const y = values.y(s.values[group] ?? 0);
              return <rect key={`${group}-${index}`} x={groups.start(group) + within.start(index)} y={y} width={within.bandwidth} height={innerHeight - y} fill={s.color} rx={2} />;
            }),
          )}
          <Axis
            side="left"
            length={innerHeight}
            // Every series counts whole things (cents, offers): no tick between two of them.
            ticks={values.ticks.filter(Number.isInteger).map((value) => ({ at: values.y(value), label: formatValue(value) }))}
            lineColor={theme.palette.divider}
            textColor={theme.palette.textMuted}
          />
          <Axis
            side="bottom"
            offset={innerHeight}
            length={innerWidth}
            ticks={labels.flatMap((label, group) => (group % labelEvery === 0 ? [{ at: groups.start(group) + groups.bandwidth / 2, label }] : []))}
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
