import { describe, it } from 'node:test';
import { expect } from 'expect';
import { mergeSchedule, overlapsSchedule } from './schedule.js';

const HOUR = 3600;
const booked = [
  { startTime: 10 * HOUR, endTime: 13 * HOUR },
  { startTime: 20 * HOUR, endTime: 22.5 * HOUR },
];
const block = (from: number, to: number) => ({ startTime: from * HOUR, endTime: to * HOUR });

describe('overlapsSchedule', () => {
  const cases: [string, { startTime: number; endTime: number }, boolean][] = [
    ['an empty schedule', block(10, 13), false],
    ['the same span', block(10, 13), true],
    ['starting inside', block(12, 14), true],
    ['ending inside', block(8, 10.5), true],
    ['containing a booked block', block(9, 14), true],
    ['inside a booked block', block(10.5, 11), true],
    ['ending exactly when one starts (back to back)', block(8, 10), false],
    ['starting exactly when one ends (back to back)', block(13, 15), false],
    ['between two booked blocks', block(13, 20), false],
    ['overlapping by one fractional second', { startTime: 13 * HOUR - 0.001, endTime: 15 * HOUR }, true],
    ['touching the second booked block', block(22.5, 23), false],
  ];
  for (const [name, span, expected] of cases) {
    it(`${name}: ${expected ? 'overlaps' : 'does not overlap'}`, () => {
      expect(overlapsSchedule(span, name === 'an empty schedule' ? [] : booked)).toBe(expected);
    });
  }
});

describe('mergeSchedule', () => {
  const area = 'A';
  const at = (hours: number) => ({ startTime: hours * HOUR, endTime: (hours + 2) * HOUR, serviceAreaId: area });
  const NOW = 1_000_000;

  it('keeps a block booked moments ago that the read does not list yet', () => {
    const recent = [{ block: at(30), bookedAtMs: NOW - 1000 }];
    expect(mergeSchedule([at(10)], recent, NOW, 120_000)).toEqual([at(10), at(30)]);
    expect(recent).toHaveLength(1);
  });

  it('forgets a booking once the schedule lists it, or once it is older than the grace', () => {
    const recent = [
      { block: at(30), bookedAtMs: NOW - 1000 },
      { block: at(40), bookedAtMs: NOW - 120_000 },
    ];
    expect(mergeSchedule([at(10), { ...at(30), startTime: 30 * HOUR + 0.4 }], recent, NOW, 120_000)).toEqual([at(10), { ...at(30), startTime: 30 * HOUR + 0.4 }]);
    expect(recent).toEqual([]);
  });
});
