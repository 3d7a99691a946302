/**
 * A small line chart drawn as SVG: no chart library (a few lines of geometry are smaller than any
 * of them), one or more lines told apart by their dash as well as their colour, and a gap where a
 * minute has no value. The picture is a summary for the eye: `label` says it in words, and the
 * screen's table has every figure (docs/OPERATIONS.md "Engine health").
 */
import styled from 'styled-components';
import type { Line } from '../engineHealth';

const WIDTH = 300;
const HEIGHT = 60;

export interface SparklineSeries {
  name: string;
  values: Line;
  /** SVG stroke-dasharray: lines differ by their pattern, not by colour alone. */
  dash?: string;
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: ${HEIGHT}px;
  overflow: visible;
  polyline {
    fill: none;
    stroke: ${({ theme }) => theme.palette.primary};
    stroke-width: 2;
    stroke-linejoin: round;
    stroke-linecap: round;
    vector-effect: non-scaling-stroke;
  }
  line.base {
    stroke: ${({ theme }) => theme.palette.divider};
    vector-effect: non-scaling-stroke;
  }
`;

/**
 * The runs of consecutive values, as SVG points, x spread over the width and y scaled to `top`. A
 * value alone between gaps (a minute with the only accept around it) is a short dash, so it shows.
 */
export function segmentsOf(values: Line, top: number): string[] {
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const y = (v: number) => (HEIGHT - (v / top) * HEIGHT).toFixed(1);
  const segments: string[] = [];
  let run: Array<[x: number, y: string]> = [];
  const close = () => {
    if (run.length === 1) {
      const [[x, at]] = run as [[number, string]];
      run =
        values.length === 1
          ? [
              [0, at],
              [WIDTH, at],
            ]
          : [
              [Math.max(0, x - 1.5), at],
              [Math.min(WIDTH, x + 1.5), at],
            ];
    }
    if (run.length) segments.push(run.map(([x, at]) => `${x.toFixed(1)},${at}`).join(' '));
    run = [];
  };
  values.forEach((value, i) => {
    if (value === null) close();
    else run.push([i * step, y(value)]);
  });
  close();
  return segments;
}

export function Sparkline({ series, label }: { series: SparklineSeries[]; label: string }) {
  const top = Math.max(1, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  return (
    <Svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
      <line className="base" x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
      {series.map((s) => segmentsOf(s.values, top).map((points, i) => <polyline key={`${s.name}-${i}`} points={points} strokeDasharray={s.dash} data-series={s.name} />))}
    </Svg>
  );
}
