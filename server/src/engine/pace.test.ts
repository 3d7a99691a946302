import { describe, it } from 'node:test';
import { expect } from 'expect';
import { pollIntervalMs } from './pace.js';

describe('pollIntervalMs', () => {
  it("adds the poll's round trip to the platform's interval, so arrivals are never closer than it", () => {
    expect(pollIntervalMs(1000, 0, 3.5)).toBe(1003.5);
  });

  it('adds at most a quarter of the interval when the platform is slow to answer', () => {
    expect(pollIntervalMs(1000, 0, 600)).toBe(1250);
  });

  it("lets an operator's minimum slow polling down, never speed it up", () => {
    expect(pollIntervalMs(1000, 1500, 2)).toBe(1502);
    expect(pollIntervalMs(1000, 400, 2)).toBe(1002);
  });

  it('never subtracts a negative round trip (a clock that stepped back)', () => {
    expect(pollIntervalMs(1000, 0, -5)).toBe(1000);
  });
});
