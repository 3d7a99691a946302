import { isOperator, timeWindowKind } from './rules';
import { formatCents } from './format';

describe('timeWindowKind', () => {
  it('tells all day, same day, overnight (start after end) and empty (equal ends) apart', () => {
    expect(timeWindowKind([0, 1440])).toBe('allDay');
    expect(timeWindowKind([360, 1320])).toBe('sameDay');
    expect(timeWindowKind([0, 1425])).toBe('sameDay');
    expect(timeWindowKind([1320, 120])).toBe('overnight');
    expect(timeWindowKind([1440, 0])).toBe('overnight');
    expect(timeWindowKind([600, 600])).toBe('empty');
    expect(timeWindowKind([0, 0])).toBe('empty');
    expect(timeWindowKind([1440, 1440])).toBe('empty');
  });
});

describe('formatCents', () => {
  it('writes whole cents with two decimals, the sign before the symbol', () => {
    expect(formatCents('$', 1250)).toBe('$12.50');
    expect(formatCents('£', -300)).toBe('-£3.00');
    expect(formatCents('', 5)).toBe('0.05');
    expect(formatCents('$', 0)).toBe('$0.00');
  });
});

describe('isOperator', () => {
  it('is true for support and admin only', () => {
    expect([isOperator('user'), isOperator('support'), isOperator('admin'), isOperator(undefined)]).toEqual([false, true, true, false]);
  });
});
