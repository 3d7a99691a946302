import { formatBlockTime, formatCents, formatMinutesOfDay, formatPay, formatSavedAt, formatTimeRange, formatTimeWindow } from './format';

const seconds = (date: Date) => date.getTime() / 1000;

describe('formatting', () => {
  it('writes minutes from midnight as h:mm AM/PM', () => {
    expect([0, 15, 360, 735, 780, 1425, 1440].map(formatMinutesOfDay)).toEqual(['12:00 AM', '12:15 AM', '6:00 AM', '12:15 PM', '1:00 PM', '11:45 PM', '12:00 AM']);
  });

  it('writes a start-time window: same day, overnight, all day, empty', () => {
    expect(formatTimeWindow([360, 1320])).toBe('6:00 AM – 10:00 PM');
    expect(formatTimeWindow([1320, 120])).toBe('10:00 PM – 2:00 AM (overnight)');
    expect(formatTimeWindow([1320, 0])).toBe('10:00 PM – 12:00 AM (overnight)');
    expect(formatTimeWindow([1425, 1440])).toBe('11:45 PM – 12:00 AM');
    expect(formatTimeWindow([0, 1440])).toBe('All day');
    expect(formatTimeWindow([600, 600])).toBe('Empty window');
    expect(formatTimeWindow([0, 0])).toBe('Empty window');
  });

  it("writes the 'Saved @' time as hh:mm AM/PM", () => {
    expect(formatSavedAt(new Date(2025, 0, 6, 9, 5))).toBe('09:05 AM');
    expect(formatSavedAt(new Date(2025, 0, 6, 0, 30))).toBe('12:30 AM');
    expect(formatSavedAt(new Date(2025, 0, 6, 23, 59))).toBe('11:59 PM');
  });

  it('writes cents with two decimals and the currency symbol', () => {
    expect(formatCents('$', 1000)).toBe('$10.00');
    expect(formatCents('€', 5)).toBe('€0.05');
  });

  it('writes pay positions x 3.00, the top one open-ended', () => {
    expect(formatPay('$', 0)).toBe('$0.00');
    expect(formatPay('$', 33)).toBe('$99.00');
    expect(formatPay('$', 100)).toBe('$300.00+');
    expect(formatPay('£', 10, 'PER_HOUR')).toBe('£30.00/h');
    expect(formatPay('$', 100, 'PER_HOUR')).toBe('$300.00/h+');
  });

  it('writes a block in local time, naming the end day when it runs past midnight', () => {
    expect(formatBlockTime(seconds(new Date(2025, 0, 6, 6, 0)), seconds(new Date(2025, 0, 6, 10, 30)))).toBe('Mon, Jan 6 · 6:00 AM – 10:30 AM');
    expect(formatBlockTime(seconds(new Date(2025, 0, 6, 22, 0)), seconds(new Date(2025, 0, 7, 1, 0)))).toBe('Mon, Jan 6 · 10:00 PM – Tue, Jan 7 1:00 AM');
    expect(formatTimeRange(seconds(new Date(2025, 0, 6, 6, 0)), seconds(new Date(2025, 0, 6, 10, 30)))).toBe('6:00 AM – 10:30 AM');
    expect(formatTimeRange(seconds(new Date(2025, 0, 6, 22, 0)), seconds(new Date(2025, 0, 7, 1, 0)))).toBe('10:00 PM – 1:00 AM (Tue)');
  });
});
