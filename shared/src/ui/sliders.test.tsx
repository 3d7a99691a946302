import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DURATION_SLIDER, PAY_SLIDER, TIME_SLIDER, TIME_TO_ARRIVE_SLIDER, TOP_UP_SLIDER } from '../constants';
import { MockProviders } from '../mock';
import type { Range } from '../types';
import { RangeSlider, Slider } from '.';

const wrap = (ui: React.ReactElement) => render(<MockProviders>{ui}</MockProviders>);

const clock = (minutes: number) => {
  const h = Math.floor(minutes / 60) % 24;
  return `${h % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

function TimeRange({ onChange }: { onChange?: (value: Range) => void }) {
  const [value, setValue] = useState<Range>([360, 1080]);
  return (
    <RangeSlider
      label="Time"
      {...TIME_SLIDER}
      value={value}
      formatValue={clock}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('RangeSlider (two handles)', () => {
  it('is a labelled group of two native range inputs with the bounds and step given', () => {
    wrap(<TimeRange />);
    expect(screen.getByRole('group', { name: 'Time' })).toBeInTheDocument();
    const low = screen.getByRole('slider', { name: 'Minimum time' });
    const high = screen.getByRole('slider', { name: 'Maximum time' });
    for (const handle of [low, high]) {
      expect(handle).toHaveAttribute('type', 'range');
      expect(handle).toHaveAttribute('min', '0');
      expect(handle).toHaveAttribute('max', '1440');
      expect(handle).toHaveAttribute('step', '15');
    }
    expect(low).toHaveValue('360');
    expect(high).toHaveValue('1080');
  });

  it('shows both values as labels and as aria-valuetext', () => {
    wrap(<TimeRange />);
    expect(screen.getByText('6:00 AM – 6:00 PM')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Minimum time' })).toHaveAttribute('aria-valuetext', '6:00 AM');
    expect(screen.getByRole('slider', { name: 'Maximum time' })).toHaveAttribute('aria-valuetext', '6:00 PM');
  });

  it('moves one handle at a time and reports [low, high]', () => {
    const seen: Range[] = [];
    wrap(<TimeRange onChange={(v) => seen.push(v)} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Minimum time' }), { target: { value: '420' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Maximum time' }), { target: { value: '1200' } });
    expect(seen).toEqual([
      [420, 1080],
      [420, 1200],
    ]);
    expect(screen.getByText('7:00 AM – 8:00 PM')).toBeInTheDocument();
  });

  it('never lets the handles cross', () => {
    const seen: Range[] = [];
    wrap(<TimeRange onChange={(v) => seen.push(v)} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Minimum time' }), { target: { value: '1300' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Maximum time' }), { target: { value: '100' } });
    expect(seen).toEqual([
      [1080, 1080],
      [1080, 1080],
    ]);
  });

  it('can show a text of its own and highlight the rail outside the handles (a window that wraps around)', () => {
    const { container } = wrap(<RangeSlider label="Time" {...TIME_SLIDER} value={[360, 1080]} valueText="6:00 PM – 6:00 AM (overnight)" outside onChange={() => undefined} />);
    expect(screen.getByText('6:00 PM – 6:00 AM (overnight)')).toBeInTheDocument();
    const fills = [...container.querySelectorAll<HTMLElement>('div[style*="left"]')].map((fill) => [fill.style.left, fill.style.right]);
    expect(fills).toEqual([
      ['0%', '75%'],
      ['75%', '0%'],
    ]);
  });

  it('highlights the rail between the handles by default', () => {
    const { container } = wrap(<TimeRange />);
    const fills = [...container.querySelectorAll<HTMLElement>('div[style*="left"]')].map((fill) => [fill.style.left, fill.style.right]);
    expect(fills).toEqual([['25%', '25%']]);
  });

  it('keeps the low handle reachable when both sit at the maximum', () => {
    wrap(<RangeSlider label="Pay" {...PAY_SLIDER} value={[100, 100]} onChange={() => undefined} />);
    const low = screen.getByRole('slider', { name: 'Minimum pay' });
    const high = screen.getByRole('slider', { name: 'Maximum pay' });
    expect(Number(low.style.zIndex)).toBeGreaterThan(Number(high.style.zIndex));
  });

  it('takes custom handle names, an error, and can be disabled', () => {
    wrap(
      <RangeSlider
        label="Duration"
        {...DURATION_SLIDER}
        value={[2, 6]}
        handleLabels={['Shortest block', 'Longest block']}
        error="Choose a longer maximum"
        disabled
        onChange={() => undefined}
      />,
    );
    const low = screen.getByRole('slider', { name: 'Shortest block' });
    expect(low).toBeDisabled();
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(low).toHaveAccessibleDescription('Choose a longer maximum');
    expect(low).toHaveAttribute('step', '0.5');
    expect(screen.getByRole('slider', { name: 'Longest block' })).toHaveAttribute('max', '10');
  });
});

describe('Slider (one handle)', () => {
  function Arrive() {
    const [value, setValue] = useState(30);
    return <Slider label="Time to arrive" {...TIME_TO_ARRIVE_SLIDER} value={value} formatValue={(m) => `${m} min`} onChange={setValue} />;
  }

  it('is a labelled native range input with bounds, step and a value label', () => {
    wrap(<Arrive />);
    const slider = screen.getByRole('slider', { name: 'Time to arrive' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '60');
    expect(slider).toHaveAttribute('step', '5');
    expect(slider).toHaveAttribute('aria-valuetext', '30 min');
    expect(screen.getByText('30 min')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '45' } });
    expect(slider).toHaveValue('45');
    expect(screen.getByText('45 min')).toBeInTheDocument();
  });

  it('can start with nothing chosen (knob at the minimum) until the driver picks a value', () => {
    const picked: number[] = [];
    wrap(
      <Slider
        label="Top-up amount"
        {...TOP_UP_SLIDER}
        value={null}
        emptyText="Choose an amount"
        formatValue={(cents) => (cents / 100).toFixed(2)}
        onChange={(v) => picked.push(v)}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Top-up amount' });
    expect(slider).toHaveValue('1000');
    expect(slider).toHaveAttribute('aria-valuetext', 'Choose an amount');
    expect(slider).toHaveAttribute('step', '500');
    fireEvent.change(slider, { target: { value: '2500' } });
    expect(picked).toEqual([2500]);
  });
});
