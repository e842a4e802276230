import { describe, expect, test } from 'vitest';
import { hasBoardTargets, sameAction, targets } from '../../src/lib/highlights';
import type { Legal } from '../../src/lib/types';

const legal = (actions: Legal['actions'], rest: Partial<Legal> = {}): Legal => ({ actions, discard: null, gold: null, offer: null, ...rest });

describe('legal actions become highlights', () => {
  test('nothing legal, nothing highlighted', () => {
    const t = targets(null);
    expect(hasBoardTargets(t)).toBe(false);
    expect(t.buttons).toEqual([]);
    expect(hasBoardTargets(targets(legal([])))).toBe(false);
  });

  test('settlements and cities highlight corners; roads and ships edges', () => {
    const t = targets(
      legal([
        { action: 'build_settlement', corner: '1,0,N' },
        { action: 'build_city', corner: '2,0,S' },
        { action: 'build_road', edge: '1,-2,E' },
        { action: 'build_ship', edge: '1,-2,E' },
        { action: 'build_road', edge: '0,1,NE' },
        { action: 'end_turn' },
      ]),
    );
    expect([...t.corners.keys()]).toEqual(['1,0,N', '2,0,S']);
    expect([...t.edges.keys()]).toEqual(['1,-2,E', '0,1,NE']);
    // A place with two actions offers both (a road or a ship).
    expect(t.edges.get('1,-2,E')!.map((a) => a.action)).toEqual(['build_road', 'build_ship']);
    expect(t.buttons).toEqual([{ action: 'end_turn' }]);
    expect(t.hexes.size).toBe(0);
  });

  test('the robber and the pirate highlight hexes, one action per victim', () => {
    const t = targets(
      legal([
        { action: 'move_robber', hex: '1,2', victim: 1 },
        { action: 'move_robber', hex: '1,2', victim: 2 },
        { action: 'move_robber', hex: '0,3' },
        { action: 'move_pirate', hex: '4,0' },
      ]),
    );
    expect([...t.hexes.keys()]).toEqual(['1,2', '0,3', '4,0']);
    expect(t.hexes.get('1,2')).toHaveLength(2);
  });

  test('a ship is moved in two steps: the ships that may move, then where the chosen one may go', () => {
    const moves = legal([
      { action: 'move_ship', from: '3,0,E', to: '3,1,NE' },
      { action: 'move_ship', from: '3,0,E', to: '4,0,SE' },
      { action: 'move_ship', from: '5,1,E', to: '5,2,NE' },
    ]);
    const first = targets(moves);
    expect([...first.ships]).toEqual(['3,0,E', '5,1,E']);
    expect(first.edges.size).toBe(0);
    const chosen = targets(moves, '3,0,E');
    expect([...chosen.edges.keys()]).toEqual(['3,1,NE', '4,0,SE']);
  });

  test('many-choice actions go to their dialogs', () => {
    const t = targets(
      legal([
        { action: 'trade_with_bank', give: 'brick', get: 'ore' },
        { action: 'play_year_of_plenty', cards: { ore: 2 } },
        { action: 'play_monopoly', resource: 'wool' },
        { action: 'roll_dice' },
        { action: 'play_knight' },
      ]),
    );
    expect(t.bankTrades).toHaveLength(1);
    expect(t.yearOfPlenty).toHaveLength(1);
    expect(t.monopoly).toHaveLength(1);
    expect(t.buttons.map((a) => a.action)).toEqual(['roll_dice', 'play_knight']);
  });

  test('the same action is found whatever the key order or zero counts', () => {
    expect(sameAction({ action: 'play_year_of_plenty', cards: { ore: 1, brick: 1 } }, { action: 'play_year_of_plenty', cards: { brick: 1, ore: 1, wool: 0 } })).toBe(true);
    expect(sameAction({ action: 'play_year_of_plenty', cards: { ore: 2 } }, { action: 'play_year_of_plenty', cards: { ore: 1, brick: 1 } })).toBe(false);
  });
});
