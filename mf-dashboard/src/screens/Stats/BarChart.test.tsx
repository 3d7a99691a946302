import { theme } from '@blockpilot/shared';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { BarChart, labelStep } from './BarChart';

const draw = (props: Partial<Parameters<typeof BarChart>[0]> = {}) =>
  render(
    <ThemeProvider theme={theme}>
      <BarChart labels={['Mon', 'Tue', 'Wed', 'Thu']} series={[{ name: 'Pay', color: '#123456', values: [0, 45, 90, 30] }]} formatValue={(value) => `$${value}`} {...props} />
    </ThemeProvider>,
  );

/** The axes' labels, left to right within each axis: the value axis is the first group drawn after the bars. */
const axisLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('svg g[text-anchor]')].map((axis) => [...axis.querySelectorAll('text')].map((text) => text.textContent));

describe('BarChart', () => {
  it('labels the value axis with a few round values from zero up to the tallest bar, written as the page writes them', () => {
    const { container } = draw();
    const [values] = axisLabels(container);
    expect(values).toEqual(['$0', '$20', '$40', '$60', '$80']);
  });

  it('labels no value between two whole ones: a chart of one or two offers says 0, 1, 2', () => {
    const { container } = draw({ series: [{ name: 'Seen', color: '#123456', values: [0, 2, 1, 0] }], formatValue: String });
    expect(axisLabels(container)[0]).toEqual(['0', '1', '2']);
  });

  it('puts a value label at its height: zero at the bottom, the top value highest', () => {
    const { container } = draw();
    const ticks = [...container.querySelector('svg g[text-anchor="end"]')!.querySelectorAll(':scope > g')];
    const heights = ticks.map((tick) => Number(/translate\(0, ([\d.]+)\)/.exec(tick.getAttribute('transform') ?? '')![1]));
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(heights[0]).toBeGreaterThan(heights.at(-1)!);
  });

  it('labels every group, or every n-th one only, centred under its bars', () => {
    expect(axisLabels(draw().container)[1]).toEqual(['Mon', 'Tue', 'Wed', 'Thu']);
    const { container } = draw({ labelEvery: 2 });
    expect(axisLabels(container)[1]).toEqual(['Mon', 'Wed']);
    const bar = container.querySelector('rect')!;
    const tick = container.querySelector('svg g[text-anchor="middle"] > g')!;
    const centre = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;
    expect(Number(/translate\(([\d.]+), 0\)/.exec(tick.getAttribute('transform') ?? '')![1])).toBeCloseTo(centre, 5);
  });

  it('draws one bar per value and series, and a legend only for two series or more', () => {
    const single = draw();
    expect(single.container.querySelectorAll('rect')).toHaveLength(4);
    expect(single.container.querySelector('ul')).toBeNull();
    const { container } = draw({
      series: [
        { name: 'Pay', color: '#123456', values: [1, 2, 3, 4] },
        { name: 'Fees', color: '#654321', values: [1, 1, 1, 1] },
      ],
    });
    expect(container.querySelectorAll('rect')).toHaveLength(8);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Pay', 'Fees']);
  });

  it('draws at the width it is given, one unit a pixel, so its 12 px labels stay 12 px on a phone', () => {
    const { container } = draw({ width: 320 });
    expect(container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 320 220');
    expect([...container.querySelectorAll('svg g[text-anchor]')].map((axis) => axis.getAttribute('font-size'))).toEqual(['12', '12']);
  });

  it('draws fewer values up the side of a narrow chart', () => {
    const wide = axisLabels(draw({ width: 640 }).container)[0]!;
    const narrow = axisLabels(draw({ width: 320 }).container)[0]!;
    expect(narrow.length).toBeLessThan(wide.length);
    expect(narrow[0]).toBe('$0');
  });

  it('leaves a left margin as wide as the longest value label, so "$1,000.00" is never cut', () => {
    const { container } = draw({ formatValue: (value) => `$${value},000.00` });
    const plot = container.querySelector('svg > g')!;
    const left = Number(/translate\(([\d.]+), /.exec(plot.getAttribute('transform') ?? '')![1]);
    expect(left).toBeGreaterThanOrEqual('$80,000.00'.length * 7);
  });

  it('labels fewer groups where their labels would touch: 28 days on a phone', () => {
    const days = Array.from({ length: 28 }, (_, day) => String(day + 1));
    const { container } = draw({ width: 320, labels: days, series: [{ name: 'Pay', color: '#123456', values: days.map(Number) }], labelEvery: 1 });
    const shown = axisLabels(container)[1]!;
    expect(shown.length).toBeLessThan(28);
    expect(shown[0]).toBe('1');
    expect(labelStep(days, 260, 7)).toBe(7);
    expect(labelStep(['DCH1', 'DCH2', 'DCH3', 'DCH4', 'DCH5', 'DCH6', 'DCH7', 'DCH8'], 260, 1)).toBe(2);
    expect(labelStep(['DCH1', 'DCH2'], 600, 1)).toBe(1);
  });
});
