/**
 * A grouped bar chart drawn with visx (SVG; the library loads only with the Stats page, docs/FRONTEND.md
 * "Route chunks"). The picture is for sighted readers only (aria-hidden): each chart sits beside a
 * real table of the same figures (DataTable), which screen readers read instead.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import styled, { useTheme } from 'styled-components';

export interface BarSeries {
  name: string;
  color: string;
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

export function BarChart({ labels, series, formatValue, labelEvery = 1, height = 220 }: BarChartProps) {
  const theme = useTheme();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const groups = scaleBand<number>({ domain: labels.map((_, i) => i), range: [0, innerWidth], padding: 0.2 });
  const within = scaleBand<number>({ domain: series.map((_, i) => i), range: [0, groups.bandwidth()], padding: 0.05 });
  const values = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const tickStyle = { fill: theme.palette.textMuted, fontSize: 12, fontFamily: 'inherit' } as const;

  return (
    <div>
      <Svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {labels.map((_, group) =>
            series.map((s, index) => {
              const value = s.values[group] ?? 0;
              const y = values(value);
              return (
                <Bar key={`${group}-${index}`} x={(groups(group) ?? 0) + (within(index) ?? 0)} y={y} width={within.bandwidth()} height={innerHeight - y} fill={s.color} rx={2} />
              );
            }),
          )}
          <AxisLeft
            scale={values}
            numTicks={4}
            tickFormat={(value) => formatValue(Number(value))}
            stroke={theme.palette.divider}
            tickStroke={theme.palette.divider}
            tickLabelProps={() => ({ ...tickStyle, textAnchor: 'end', dx: -4, dy: 4 })}
          />
          <AxisBottom
            top={innerHeight}
            scale={groups}
            tickValues={labels.map((_, i) => i).filter((i) => i % labelEvery === 0)}
            tickFormat={(index) => labels[Number(index)] ?? ''}
            stroke={theme.palette.divider}
            tickStroke={theme.palette.divider}
            tickLabelProps={() => ({ ...tickStyle, textAnchor: 'middle' })}
          />
        </Group>
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
