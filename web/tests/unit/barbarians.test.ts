import { describe, expect, test } from 'vitest';
import {
  BOOSTED_STEPS,
  KNIGHTS_PER_PLAYER,
  SUPPLY,
  barbarianSpots,
  eventTitle,
  knightCounts,
  knightSteps,
  needsGrain,
  neutralSeats,
  treasonSources,
} from '../../src/lib/barbarians';
import { boardPlaces, cornerEdges, edgeCorners, edgeNeighbours, hexCentreOf, SIZE } from '../../src/lib/geometry';
import { hasBoardTargets, targets } from '../../src/lib/highlights';
import type { BarbariansView, Legal, ViewData } from '../../src/lib/types';

// The 19 hexes of the base frame (Barbarian Attack's board, castle at -1,4).
const HEXES = ['1,0', '2,0', '3,0', '0,1', '1,1', '2,1', '3,1', '-1,2', '0,2', '1,2', '2,2', '3,2', '-1,3', '0,3', '1,3', '2,3', '-1,4', '0,4', '1,4'];
const PATHS = boardPlaces(HEXES).edges;
const legal = (actions: Legal['actions'], rest: Partial<Legal> = {}): Legal => ({ actions, discard: null, gold: null, offer: null, ...rest });

function barbarians(extra: Partial<BarbariansView> = {}): BarbariansView {
  return {
    castle: '-1,4', on: { '0,4': 1, '3,1': 1 }, supply: 28, conquered: [], conquered_buildings: [], knights: [],
    gold: [0, 0, 0, 0], prisoners: [0, 0, 0, 0], deck: 26, token_supply: 0, ...extra,
  };
}

describe('paths and knight walks', () => {
  test('the three edges at a corner each hold that corner', () => {
    for (const corner of ['1,0,N', '1,0,S', '-1,4,S', '0,3,S']) {
      const edges = cornerEdges(corner);
      expect(edges).toHaveLength(3);
      for (const e of edges) expect(edgeCorners(e)).toContain(corner);
    }
    expect(() => cornerEdges('1,0,E')).toThrow();
  });

  test("an edge's neighbours share a corner with it: four, fewer at the board's edge only by the board", () => {
    const n = edgeNeighbours('1,2,E');
    expect(n).toHaveLength(4);
    const [a, b] = edgeCorners('1,2,E');
    for (const e of n) expect(edgeCorners(e).some((c) => c === a || c === b)).toBe(true);
    expect(n).not.toContain('1,2,E');
  });

  test('the board has the 72 paths of its 19 hexes', () => {
    expect(PATHS).toHaveLength(72);
  });

  test('a walk counts the fewest steps, on the board only, up to 5', () => {
    // Two sides of the castle meeting at a corner are one step apart.
    const steps = knightSteps('-1,4,NE', PATHS);
    expect(steps.get('-1,4,E')).toBe(1);
    expect(steps.get('-1,3,SE')).toBe(1);
    expect(steps.has('-1,4,NE')).toBe(false);
    // Opposite sides of a hex are three steps apart.
    expect(steps.get('-2,5,NE')).toBe(3);
    expect(Math.max(...steps.values())).toBe(BOOSTED_STEPS);
    for (const e of steps.keys()) expect(PATHS).toContain(e);
    // Far paths are out of reach.
    expect(steps.has('2,0,NE')).toBe(false);
    expect(knightSteps('1,2,E', PATHS, 1).size).toBe(4);
  });

  test('beyond three steps a knight needs a grain', () => {
    expect(needsGrain(1)).toBe(false);
    expect(needsGrain(3)).toBe(false);
    expect(needsGrain(4)).toBe(true);
    expect(needsGrain(5)).toBe(true);
  });
});

describe('pieces of Barbarian Attack', () => {
  test('barbarian figures stand in a row inside their hex, clear of the number token', () => {
    const c = hexCentreOf('0,4');
    for (let n = 1; n <= 3; n++) {
      const spots = barbarianSpots('0,4', n);
      expect(spots).toHaveLength(n);
      for (const p of spots) {
        expect(Math.abs(p.x - c.x)).toBeLessThan(SIZE * 0.6);
        expect(p.y - c.y).toBeGreaterThan(20);
        expect(p.y - c.y).toBeLessThan(SIZE * 0.8);
      }
    }
    const [a, b] = barbarianSpots('0,4', 2);
    expect(a.y).toBe(b.y);
    expect(b.x - a.x).toBeGreaterThan(10);
  });

  test("a seat's knights on the board and in stock; neutral seats", () => {
    const view = {
      barbarians: barbarians({ knights: [{ seat: 0, edge: '1,2,E' }, { seat: 0, edge: '0,2,NE' }, { seat: 2, edge: '-1,4,E' }] }),
      players: [{ seat: 0 }, { seat: 1 }, { seat: 2, neutral: true }, { seat: 3, neutral: true }],
    } as unknown as ViewData;
    expect(knightCounts(view, 0)).toEqual({ board: 2, supply: KNIGHTS_PER_PLAYER - 2 });
    expect(knightCounts(view, 1)).toEqual({ board: 0, supply: KNIGHTS_PER_PLAYER });
    expect(knightCounts({ barbarians: undefined }, 1)).toEqual({ board: 0, supply: KNIGHTS_PER_PLAYER });
    expect(neutralSeats(view)).toEqual([2, 3]);
  });

  test('event cards by name', () => {
    expect(eventTitle('robber_attacks')).toBe('Robber Attacks');
    expect(eventTitle('calm')).toBe('No event');
    expect(eventTitle('something_new')).toBe('something new');
  });

  test("Treason's sources: hexes and the supply, each once", () => {
    const l = legal([
      { action: 'treason_move', from: '0,4', to: '1,0' },
      { action: 'treason_move', from: '0,4', to: '2,0' },
      { action: 'treason_move', from: '3,1', to: '1,0' },
      { action: 'treason_move', to: '1,0' },
    ]);
    expect(treasonSources(l)).toEqual(['0,4', '3,1', SUPPLY]);
    expect(treasonSources(null)).toEqual([]);
  });

});

describe('Barbarian Attack actions become highlights', () => {
  test('knights are placed on edges; a foreign knight may be declined with a button', () => {
    const t = targets(legal([
      { action: 'place_knight', edge: '-1,4,NE' },
      { action: 'place_knight', edge: '-1,4,E' },
    ]));
    expect([...t.edges.keys()]).toEqual(['-1,4,NE', '-1,4,E']);
    const f = targets(legal([{ action: 'place_foreign_knight' }, { action: 'place_foreign_knight', edge: '-1,4,SE' }]));
    expect([...f.edges.keys()]).toEqual(['-1,4,SE']);
    expect(f.buttons).toEqual([{ action: 'place_foreign_knight' }]);
  });

  test('a knight moves in two clicks, and its destinations know their steps', () => {
    const moves = legal([
      { action: 'move_knight', from: '-1,4,NE', to: '-1,3,E' },
      { action: 'move_knight', from: '-1,4,NE', to: '1,2,E' },
      { action: 'move_knight', from: '1,1,SE', to: '1,1,E' },
      { action: 'end_turn' },
    ]);
    const first = targets(moves, null, PATHS);
    expect([...first.knights]).toEqual(['-1,4,NE', '1,1,SE']);
    expect(first.edges.size).toBe(0);
    expect(hasBoardTargets(first)).toBe(true);
    const chosen = targets(moves, '-1,4,NE', PATHS);
    expect([...chosen.edges.keys()]).toEqual(['-1,3,E', '1,2,E']);
    const near = chosen.steps.get('-1,3,E')!;
    const far = chosen.steps.get('1,2,E')!;
    expect(near).toBeLessThanOrEqual(3);
    expect(needsGrain(far)).toBe(true);
    expect(chosen.buttons).toEqual([{ action: 'end_turn' }]);
    // With a knight chosen, nothing but its destinations is highlighted.
    const busy = legal([...moves.actions, { action: 'build_road', edge: '-1,3,E' }, { action: 'build_road', edge: '0,0,E' }, { action: 'build_city', corner: '1,0,N' }]);
    const onlyMoves = targets(busy, '-1,4,NE', PATHS);
    expect([...onlyMoves.edges.keys()]).toEqual(['-1,3,E', '1,2,E']);
    expect(onlyMoves.edges.get('-1,3,E')!.map((a) => a.action)).toEqual(['move_knight']);
    expect(onlyMoves.corners.size).toBe(0);
    expect([...targets(busy, null, PATHS).edges.keys()]).toEqual(['-1,3,E', '0,0,E']);
  });

  test('Treason: the source first (chosen at once when there is one), then the destination hex', () => {
    const two = legal([
      { action: 'treason_move', from: '0,4', to: '1,0' },
      { action: 'treason_move', from: '3,1', to: '2,0' },
      { action: 'treason_move', to: '1,4' },
    ]);
    const first = targets(two);
    expect([...first.sources]).toEqual(['0,4', '3,1']);
    expect(first.supplySource).toBe(true);
    expect(first.source).toBeNull();
    expect(first.hexes.size).toBe(0);
    const from = targets(two, '3,1');
    expect(from.source).toBe('3,1');
    expect([...from.hexes.keys()]).toEqual(['2,0']);
    expect([...targets(two, SUPPLY).hexes.keys()]).toEqual(['1,4']);
    const one = targets(legal([{ action: 'treason_move', from: '0,4', to: '1,0' }, { action: 'treason_move', from: '0,4', to: '2,0' }]));
    expect(one.source).toBe('0,4');
    expect([...one.hexes.keys()]).toEqual(['1,0', '2,0']);
  });

  test('Intrigue, driving barbarians away: hexes; neutral building: corners and edges; events: edges', () => {
    const t = targets(legal([
      { action: 'take_prisoner', hex: '0,4' },
      { action: 'drive_away_barbarian', hex: '3,1' },
      { action: 'neutral_settlement', seat: 2, corner: '2,1,S' },
      { action: 'neutral_road', seat: 3, edge: '0,4,NE' },
      { action: 'damage_road', edge: '1,1,E' },
      { action: 'repair_road', edge: '1,2,E' },
    ]));
    expect([...t.hexes.keys()]).toEqual(['0,4', '3,1']);
    expect([...t.corners.keys()]).toEqual(['2,1,S']);
    expect([...t.edges.keys()]).toEqual(['0,4,NE', '1,1,E', '1,2,E']);
    expect(t.buttons).toEqual([]);
  });

  test('gold exchanges and gifts go to their panels; robbing and forced trades are buttons', () => {
    const t = targets(legal([
      { action: 'buy_with_gold', resource: 'brick' },
      { action: 'buy_with_gold', resource: 'ore' },
      { action: 'give_card', to: 1, resource: 'wool' },
      { action: 'rob_player', victim: 1 },
      { action: 'rob_player' },
      { action: 'force_trade' },
    ]));
    expect(t.goldBuys.map((a) => a.resource)).toEqual(['brick', 'ore']);
    expect(t.gifts).toEqual([{ action: 'give_card', to: 1, resource: 'wool' }]);
    expect(t.buttons.map((a) => a.action)).toEqual(['rob_player', 'rob_player', 'force_trade']);
  });
});
