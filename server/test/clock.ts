/** A clock tests move by hand. */
import type { Clock } from '../src/clock.js';

export class TestClock implements Clock {
  private time: number;

  constructor(start: Date | number = Date.now()) {
    this.time = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.time);
  }

  advance(ms: number): void {
    this.time += ms;
  }
}
