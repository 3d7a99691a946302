import { formatEndTime, formatMoney } from './format';

describe('formatMoney', () => {
  it.each([
    [0, '$', '$0.00'],
    [5, '$', '$0.05'],
    [1000, '£', '£10.00'],
    [2550, 'A$', 'A$25.50'],
    [123456, '€', '€1234.56'],
  ])('%i cents with %s reads %s', (cents, symbol, text) => {
    expect(formatMoney(cents, symbol)).toBe(text);
  });
});

describe('formatEndTime', () => {
  it('writes an epoch-ms end as a medium date and short time in the given locale', () => {
    const end = new Date(2031, 2, 14, 17, 5).getTime();
    expect(formatEndTime(end, 'en-US')).toBe('Mar 14, 2031, 5:05 PM');
    expect(formatEndTime(end, 'en-GB')).toBe('14 Mar 2031, 17:05');
  });
});
