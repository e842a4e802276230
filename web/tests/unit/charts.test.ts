import { describe, expect, test } from 'vitest';
import { expectedRolls, lineOf, seriesBySeat, stackOf, ticks, total, waysToRoll } from '../../src/lib/charts';

describe('the charts after a game', () => {
  test('the dice: the ways to roll each total, and the counts expected', () => {
    expect([2, 3, 6, 7, 8, 12].map(waysToRoll)).toEqual([1, 2, 5, 6, 5, 1]);
    expect(waysToRoll(1)).toBe(0);
    expect(waysToRoll(13)).toBe(0);
    const e = expectedRolls(72);
    expect(e).toHaveLength(11);
    expect(e[0]).toBe(2); // a 2 in 36
    expect(e[5]).toBe(12); // a 7 in 6
    expect(e.reduce((a, b) => a + b, 0)).toBeCloseTo(72);
  });

  test('a line per seat from the points of each turn', () => {
    const points = [
      [2, 2, 2],
      [3, 2, 4],
      [5, 3, 10],
    ];
    expect(seriesBySeat(points, [0, 2])).toEqual([
      { seat: 0, values: [2, 3, 5] },
      { seat: 2, values: [2, 4, 10] },
    ]);
    const frame = { width: 120, height: 110, left: 10, right: 10, top: 5, bottom: 5 };
    // Two turns across 100 units, ten points up 100 units.
    expect(lineOf([0, 5, 10], 2, 10, frame)).toBe('10,105 60,55 110,5');
    expect(lineOf([3], 0, 0, frame)).toBe('10,105');
  });

  test('round ticks that reach the largest value', () => {
    expect(ticks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(11)).toEqual([0, 5, 10, 15]);
    expect(ticks(3, 4)).toEqual([0, 1, 2, 3]);
    expect(ticks(0)).toEqual([0]);
  });

  test('resources received as segments of one bar', () => {
    expect(stackOf({ brick: 2, ore: 3 })).toEqual([
      { resource: 'brick', count: 2, from: 0 },
      { resource: 'ore', count: 3, from: 2 },
    ]);
    expect(stackOf({})).toEqual([]);
    expect(total({ wool: 4, grain: 1 })).toBe(5);
  });
});
