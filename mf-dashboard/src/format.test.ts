import { switchLanguage } from '@blockpilot/shared/i18n';
import { act } from '@testing-library/react';
import { formatBlockTime, formatCents, formatHours, formatMinutes, formatMinutesOfDay, formatPay, formatSavedAt, formatTimeRange, formatTimeWindow } from './format';
import type { DashboardT } from './i18n';
import { translator } from './testing';

const seconds = (date: Date) => date.getTime() / 1000;

describe('formatting', () => {
  let t: DashboardT;
  beforeEach(() => {
    t = translator();
  });

  it('writes minutes from midnight as h:mm AM/PM', () => {
    expect([0, 15, 360, 735, 780, 1425, 1440].map(formatMinutesOfDay)).toEqual(['12:00 AM', '12:15 AM', '6:00 AM', '12:15 PM', '1:00 PM', '11:45 PM', '12:00 AM']);
  });

  it('writes a start-time window: same day, overnight, all day, empty', () => {
    expect(formatTimeWindow(t, [360, 1320])).toBe('6:00 AM – 10:00 PM');
    expect(formatTimeWindow(t, [1320, 120])).toBe('10:00 PM – 2:00 AM (overnight)');
    expect(formatTimeWindow(t, [1320, 0])).toBe('10:00 PM – 12:00 AM (overnight)');
    expect(formatTimeWindow(t, [1425, 1440])).toBe('11:45 PM – 12:00 AM');
    expect(formatTimeWindow(t, [0, 1440])).toBe('All day');
    expect(formatTimeWindow(t, [600, 600])).toBe('Empty window');
    expect(formatTimeWindow(t, [0, 0])).toBe('Empty window');
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
    expect(formatPay(t, '$', 0)).toBe('$0.00');
    expect(formatPay(t, '$', 33)).toBe('$99.00');
    expect(formatPay(t, '$', 100)).toBe('$300.00+');
    expect(formatPay(t, '£', 10, 'PER_HOUR')).toBe('£30.00/h');
    expect(formatPay(t, '$', 100, 'PER_HOUR')).toBe('$300.00/h+');
  });

  it('writes a block in local time, naming the end day when it runs past midnight', () => {
    expect(formatBlockTime(seconds(new Date(2025, 0, 6, 6, 0)), seconds(new Date(2025, 0, 6, 10, 30)))).toBe('Mon, Jan 6 · 6:00 AM – 10:30 AM');
    expect(formatBlockTime(seconds(new Date(2025, 0, 6, 22, 0)), seconds(new Date(2025, 0, 7, 1, 0)))).toBe('Mon, Jan 6 · 10:00 PM – Tue, Jan 7 1:00 AM');
    expect(formatTimeRange(seconds(new Date(2025, 0, 6, 6, 0)), seconds(new Date(2025, 0, 6, 10, 30)))).toBe('6:00 AM – 10:30 AM');
    expect(formatTimeRange(seconds(new Date(2025, 0, 6, 22, 0)), seconds(new Date(2025, 0, 7, 1, 0)))).toBe('10:00 PM – 1:00 AM (Tue)');
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    beforeEach(async () => {
      await act(() => switchLanguage('es'));
      t = translator();
    });
    afterEach(async () => {
      await act(() => switchLanguage('en'));
    });

    it('writes windows, pay, lengths and block times with Spanish words, clocks and day names', () => {
      const nbsp = (text: string) => text.replace(/\s/g, ' ');
      expect(nbsp(formatTimeWindow(t, [1320, 120]))).toBe('10:00 p.m. – 2:00 a.m. (nocturno)');
      expect(formatTimeWindow(t, [0, 1440])).toBe('Todo el día');
      expect(formatTimeWindow(t, [600, 600])).toBe('Horario vacío');
      expect(formatPay(t, '$', 100, 'PER_HOUR')).toBe('$300.00/h+');
      expect(formatPay(t, '£', 10, 'PER_HOUR')).toBe('£30.00/h');
      expect(formatHours(t, 2.5)).toBe('2.5 h');
      expect(formatMinutes(t, 30)).toBe('30 min');
      expect(nbsp(formatTimeRange(seconds(new Date(2025, 0, 7, 22, 0)), seconds(new Date(2025, 0, 8, 1, 0))))).toBe('10:00 p.m. – 1:00 a.m. (mié)');
      expect(nbsp(formatBlockTime(seconds(new Date(2025, 0, 6, 6, 0)), seconds(new Date(2025, 0, 6, 10, 30))))).toBe('lun, 6 ene · 6:00 a.m. – 10:30 a.m.');
    });
  });
});
