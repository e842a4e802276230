// The pictures after a game, as numbers to draw: lines of victory points over the turns, the
// dice rolled against the counts expected, the resources each seat received.

import type { Resources } from './types';
import { RESOURCES } from './types';

/** The ways two dice make each total from 2 to 12, out of 36. */
export function waysToRoll(total: number): number {
  return total < 2 || total > 12 ? 0 : 6 - Math.abs(7 - total);
}

/** How often each total from 2 to 12 is expected in `rolls` rolls. */
export function expectedRolls(rolls: number): number[] {
  return Array.from({ length: 11 }, (_, i) => (rolls * waysToRoll(i + 2)) / 36);
}

export interface Frame {
  width: number;
  height: number;
  /** Room for the axes' words. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

/** A seat's line: its points at each turn, as SVG polyline points in `frame`. */
export function lineOf(values: number[], maxX: number, maxY: number, f: Frame): string {
  const w = f.width - f.left - f.right;
  const h = f.height - f.top - f.bottom;
  return values
    .map((v, i) => {
      const x = f.left + (maxX > 0 ? (i / maxX) * w : 0);
      const y = f.top + h - (maxY > 0 ? (v / maxY) * h : 0);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}

/** `points[turn][seat]` → one series per seat. */
export function seriesBySeat(points: number[][], seats: number[]): { seat: number; values: number[] }[] {
  return seats.map((seat) => ({ seat, values: points.map((row) => row[seat] ?? 0) }));
}

/** Round axis ticks from 0 to at least `max`: `0, 2, 4 … 10`. */
export function ticks(max: number, wanted = 5): number[] {
  if (max <= 0) return [0];
  const raw = max / wanted;
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => s >= raw) ?? Math.ceil(raw);
  const out: number[] = [];
  for (let v = 0; v < max + step; v += step) out.push(v);
  return out;
}

export interface Segment {
  resource: string;
  count: number;
  /** Where the segment starts, in cards from the left. */
  from: number;
}

/** A seat's received resources as segments of one bar, resource by resource. */
export function stackOf(r: Resources): Segment[] {
  let from = 0;
  const out: Segment[] = [];
  for (const resource of RESOURCES) {
    const count = r[resource] ?? 0;
    if (count > 0) out.push({ resource, count, from });
    from += count;
  }
  return out;
}

export function total(r: Resources): number {
  return RESOURCES.reduce((n, k) => n + (r[k] ?? 0), 0);
}
