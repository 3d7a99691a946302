import { formatCents, formatClock, formatLocalMoment, formatMoney, formatSpan, localClock } from './format';

describe('the one money and date format', () => {
  it('writes money with the currency symbol and two decimals', () => {
    expect(formatCents('$', 1050)).toBe('$10.50');
    expect(formatCents('£', 5)).toBe('£0.05');
    expect(formatCents('A$', 123456)).toBe('A$1234.56');
    expect(formatMoney('$', 95)).toBe('$95.00');
  });

  it('writes clock times as h:mm AM/PM, padded on request', () => {
    expect(formatClock({ hours: 0, minutes: 5 })).toBe('12:05 AM');
    expect(formatClock({ hours: 12, minutes: 0 })).toBe('12:00 PM');
    expect(formatClock({ hours: 9, minutes: 30 }, true)).toBe('09:30 AM');
  });

  it('writes a moment and a span, naming the end day only when it differs', () => {
    expect(formatLocalMoment(new Date(2031, 2, 14, 17, 5).getTime())).toBe('Fri, Mar 14 · 5:05 PM');
    const start = localClock(new Date(2025, 0, 6, 22, 0));
    expect(formatSpan(start, localClock(new Date(2025, 0, 6, 23, 30)))).toBe('Mon, Jan 6 · 10:00 PM – 11:30 PM');
    expect(formatSpan(start, localClock(new Date(2025, 0, 7, 1, 0)))).toBe('Mon, Jan 6 · 10:00 PM – Tue, Jan 7 1:00 AM');
  });
});
