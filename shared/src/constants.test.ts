import { timeWindowKind } from './constants';

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
