import { describe, expect, test } from 'vitest';
import { costText, costs, hasShips } from '../../src/lib/costs';
import type { BarbariansView, MapFile } from '../../src/lib/types';

const base: MapFile = { id: 'base', game: 'base', hexes: [] };
const seafarers: MapFile = { id: 'new-shores', game: 'seafarers', hexes: [] };
const barbarians = { castle: '-1,4' } as BarbariansView;
const table = (v: Parameters<typeof costs>[0]) => costs(v).map((c) => [c.piece, costText(c)]);

describe('the building costs', () => {
  test('the base game: road, settlement, city and development card', () => {
    expect(table({ map: base })).toEqual([
      ['Road', '1 brick, 1 lumber'],
      ['Settlement', '1 brick, 1 lumber, 1 wool, 1 grain'],
      ['City', '2 grain, 3 ore'],
      ['Development card', '1 wool, 1 grain, 1 ore'],
    ]);
  });

  test('ships only in a game with ships', () => {
    expect(hasShips(base)).toBe(false);
    expect(hasShips(seafarers)).toBe(true);
    expect(hasShips({ ...base, rules: { ships: true } })).toBe(true);
    expect(table({ map: seafarers })).toContainEqual(['Ship', '1 lumber, 1 wool']);
    expect(table({ map: base }).map(([piece]) => piece)).not.toContain('Ship');
  });

  test("Barbarian Attack: its own cards at the same price, a knight's long walk, gold for a resource", () => {
    expect(table({ map: { ...base, game: 'barbarian-attack' }, barbarians })).toEqual([
      ['Road', '1 brick, 1 lumber'],
      ['Settlement', '1 brick, 1 lumber, 1 wool, 1 grain'],
      ['City', '2 grain, 3 ore'],
      ['Barbarian Attack card', '1 wool, 1 grain, 1 ore'],
      ["A knight's walk of 4–5 paths", '1 grain'],
      ['1 resource from the bank', '2 gold coins (twice a turn at most)'],
    ]);
  });
});
