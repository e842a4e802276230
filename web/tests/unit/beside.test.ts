import { describe, expect, test } from 'vitest';
import { besidePosition } from '../../src/lib/beside';

const area = { left: 0, top: 0, width: 800, height: 600 };
const box = { width: 200, height: 120 };
const overlaps = (a: { left: number; top: number; width: number; height: number }, b: { left: number; top: number; width: number; height: number }) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

describe('a choice box beside its place', () => {
  test('to the right of the place, centred on it, where there is room', () => {
    const place = { left: 100, top: 290, width: 20, height: 20 };
    expect(besidePosition(place, box, area)).toEqual({ side: 'right', left: 128, top: 240 });
  });

  test('to the left near the right edge, below or above when neither side has room', () => {
    expect(besidePosition({ left: 700, top: 290, width: 20, height: 20 }, box, area).side).toBe('left');
    const narrow = { left: 0, top: 0, width: 390, height: 600 };
    const middle = { left: 185, top: 100, width: 20, height: 20 };
    expect(besidePosition(middle, box, narrow).side).toBe('below');
    expect(besidePosition({ ...middle, top: 500 }, box, narrow).side).toBe('above');
  });

  test('never covers the place, and stays inside the area, wherever the place is', () => {
    for (let x = 0; x <= 780; x += 60)
      for (let y = 0; y <= 580; y += 60) {
        const place = { left: x, top: y, width: 20, height: 20 };
        const at = besidePosition(place, box, area);
        const shown = { left: at.left, top: at.top, ...box };
        expect(overlaps(shown, place), `a place at ${x},${y}`).toBe(false);
        expect(at.left).toBeGreaterThanOrEqual(0);
        expect(at.top).toBeGreaterThanOrEqual(0);
        expect(at.left + box.width).toBeLessThanOrEqual(800);
        expect(at.top + box.height).toBeLessThanOrEqual(600);
      }
  });

  test('in a scrolled area, inside the part in view', () => {
    const scrolled = { left: 400, top: 300, width: 390, height: 300 };
    const at = besidePosition({ left: 420, top: 310, width: 20, height: 20 }, box, scrolled);
    expect(at.left).toBeGreaterThanOrEqual(408);
    expect(at.top).toBeGreaterThanOrEqual(308);
    expect(at.top + box.height).toBeLessThanOrEqual(600);
  });
});
