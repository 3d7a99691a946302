import {
  formatCents,
  formatCentsShort,
  formatClock,
  formatDuration,
  formatLocalDateTime,
  formatLocalMoment,
  formatLocalSeconds,
  formatMoney,
  formatNumber,
  formatSpan,
  localClock,
} from './format';

describe('the one money and date format', () => {
  it('writes money with the currency symbol and two decimals', () => {
    expect(formatCents('$', 1050)).toBe('$10.50');
    expect(formatCents('£', 5)).toBe('£0.05');
    expect(formatCents('A$', 123456)).toBe('A$1,234.56');
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

  it('writes a moment with its year, a clock time to the second and a number with fixed decimals; in Spanish with Intl', () => {
    // Intl puts a (narrow) no-break space before "p.m." in some ICU versions: compared as plain spaces.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    const evening = new Date(2025, 0, 6, 18, 5, 7).getTime();
    expect(formatLocalDateTime(evening, 'en')).toBe('Jan 6, 2025, 6:05 PM');
    expect(formatLocalDateTime(new Date(2024, 11, 31, 0, 30).getTime(), 'en')).toBe('Dec 31, 2024, 12:30 AM');
    expect(plain(formatLocalDateTime(evening, 'es'))).toBe('6 ene 2025, 6:05 p.m.');
    expect(formatLocalSeconds(evening, 'en')).toBe('6:05:07 PM');
    expect(formatLocalSeconds(new Date(2025, 0, 6, 9, 0, 0).getTime(), 'en')).toBe('9:00:00 AM');
    expect(plain(formatLocalSeconds(evening, 'es'))).toBe('6:05:07 p.m.');
    expect([formatNumber(3000, 0, 'en'), formatNumber(1.25, 2, 'en'), formatNumber(0.8, 2, 'en')]).toEqual(['3,000', '1.25', '0.80']);
    expect([formatNumber(3000, 0, 'es'), formatNumber(1234.5, 2, 'es')]).toEqual(['3,000', '1,234.50']);
  });
});

describe('formatDuration', () => {
  it('writes a race in ms below a second and in seconds above, in both languages', () => {
    expect([0.42, 3, 35.4, 999.4, 999.6, 1234, 12_345].map((ms) => formatDuration(ms, 'en'))).toEqual(['0.4 ms', '3.0 ms', '35 ms', '999 ms', '1.0 s', '1.2 s', '12.3 s']);
    expect(formatDuration(1234, 'es')).toBe(formatNumber(1.2, 1, 'es') + ' s');
  });
});

describe('formatCentsShort (a chart axis)', () => {
  it('writes whole units under a thousand and thousands with a k, one decimal at most', () => {
    expect([0, 8000, 95000, 12345, 123456, 1500000, -250000].map((cents) => formatCentsShort('$', cents, 'en'))).toEqual([
      '$0',
      '$80',
      '$950',
      '$123.45',
      '$1.2k',
      '$15k',
      '-$2.5k',
    ]);
  });

  it("takes other languages' compact form, the symbol in front", () => {
    const thousands = new Intl.NumberFormat('es-US', { notation: 'compact', maximumFractionDigits: 1 }).format(1234.56);
    expect(formatCentsShort('$', 123456, 'es')).toBe(`$${thousands}`);
    expect(formatCentsShort('$', 8000, 'es')).toBe('$80');
  });
});
