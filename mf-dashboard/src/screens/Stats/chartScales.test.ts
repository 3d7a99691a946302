import { bands, valueAxis } from './chartScales';

describe('bands', () => {
  it('splits the length into equal steps, a padding of a step between bands and at both ends', () => {
    // 4 bands, padding 0.2: 4 - 0.2 + 0.4 = 4.2 steps of 100 over 420; each band 80 wide; 20 at each end.
    const four = bands(4, 420, 0.2);
    expect([0, 1, 2, 3].map(four.start)).toEqual([20, 120, 220, 320]);
    expect(four.bandwidth).toBeCloseTo(80, 10);
    expect(four.start(3) + four.bandwidth).toBeCloseTo(420 - 20, 10);
  });

  it('centres a single band, and fills the length without padding', () => {
    const one = bands(1, 100, 0.2);
    expect(one.start(0) + one.bandwidth / 2).toBeCloseTo(50, 10);
    const plain = bands(5, 100, 0);
    expect([0, 1, 2, 3, 4].map(plain.start)).toEqual([0, 20, 40, 60, 80]);
    expect(plain.bandwidth).toBe(20);
  });
});

describe('valueAxis', () => {
  it('raises the top to a round value and puts zero at the bottom, the top at the top', () => {
    const axis = valueAxis(93, 200, 4);
    expect(axis.y(0)).toBe(200);
    expect(axis.y(100)).toBe(0);
    expect(axis.y(50)).toBe(100);
    expect(axis.ticks).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('keeps a top that is already round, and gives about the number of ticks asked for', () => {
    const axis = valueAxis(7250, 100, 4);
    expect(axis.ticks).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(axis.y(8000)).toBe(0);
    expect(valueAxis(1, 100, 4).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
