import { describe, expect, test } from 'vitest';
import { DEFAULT_PACE, MAX_WAITING, actorOf, holdAfter, savePace, savedPace } from '../../src/lib/pace';
import { NO_MOMENT, gainText, momentOf, producingHexes } from '../../src/lib/moment';
import { groupTitle, turnGroups } from '../../src/lib/log';
import { buildOptions, costCards, onlyBuilding, pays } from '../../src/lib/buildbar';
import { targets } from '../../src/lib/highlights';
import { CUES, keepSound, soundOn } from '../../src/lib/sound';
import type { Legal } from '../../src/lib/types';

const roll = [
  { event: 'dice_rolled', seat: 2, dice: [3, 5], total: 8 },
  { event: 'produced', seat: 0, resources: { grain: 1 } },
  { event: 'produced', seat: 2, resources: { ore: 2, grain: 1 } },
];
const names = (s: number) => ['Ada', 'Bea', 'Cy', 'Dee'][s];

function store(): Storage {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } as Storage;
}

describe('the pace of bot turns', () => {
  test("a bot's roll is held long enough to see its dice and production", () => {
    expect(holdAfter(roll, 0, 'normal')).toBe(1500);
    expect(holdAfter(roll, 0, 'slow')).toBeGreaterThan(holdAfter(roll, 0, 'normal'));
    expect(holdAfter(roll, 0, 'quick')).toBeLessThan(holdAfter(roll, 0, 'normal'));
    expect(holdAfter(roll, 0, 'instant')).toBe(0);
  });

  test("a person's own action is not held, but their roll is, for its production", () => {
    expect(holdAfter([{ event: 'road_built', seat: 0, edge: '0,0,E' }], 0, 'normal')).toBe(0);
    expect(holdAfter([{ event: 'road_built', seat: 0, edge: '0,0,E' }], 1, 'normal')).toBe(600);
    const own = holdAfter([{ ...roll[0], seat: 0 }, roll[1]], 0, 'normal');
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThan(1500);
  });

  test('a view with no events is not held; the longest event sets the hold', () => {
    expect(holdAfter([], 1, 'slow')).toBe(0);
    const built = [{ event: 'road_built', seat: 1, edge: '0,0,E' }, { event: 'longest_road', seat: 1, length: 5 }];
    expect(holdAfter(built, 0, 'normal')).toBe(600);
    expect(actorOf([{ event: 'robbed', thief: 3, victim: 1 }])).toBe(3);
    expect(actorOf([{ event: 'bank_short', resource: 'ore' }])).toBeNull();
    expect(MAX_WAITING).toBeGreaterThan(4);
  });

  test('the chosen pace is remembered; anything else reads as the default', () => {
    const s = store();
    expect(savedPace(s)).toBe(DEFAULT_PACE);
    savePace('slow', s);
    expect(savedPace(s)).toBe('slow');
    s.setItem('settlers.pace', 'warp');
    expect(savedPace(s)).toBe(DEFAULT_PACE);
  });

  test('sound is off until turned on, and remembered', () => {
    const s = store();
    expect(soundOn(s)).toBe(false);
    keepSound(true, s);
    expect(soundOn(s)).toBe(true);
    keepSound(false, s);
    expect(soundOn(s)).toBe(false);
    for (const notes of Object.values(CUES)) for (const n of notes) expect(n.length).toBeLessThan(0.5);
  });
});

describe('the moment a view shows', () => {
  const map = {
    hexes: [
      { hex: '0,0', terrain: 'fields', number: 8 },
      { hex: '1,0', terrain: 'mountains', number: 8 },
      { hex: '2,0', terrain: 'hills', number: 5 },
      { hex: '3,0', terrain: 'desert', number: null },
    ],
  };

  test('the hexes of the roll produce, but not under the robber', () => {
    expect(producingHexes(map, 8, null)).toEqual(['0,0', '1,0']);
    expect(producingHexes(map, 8, '1,0')).toEqual(['0,0']);
    expect(producingHexes(map, 7, null)).toEqual([]);
  });

  test('the dice, the hexes lit and the cards each seat got', () => {
    const m = momentOf(roll, map, '1,0');
    expect(m.dice).toEqual([3, 5]);
    expect(m.producing).toEqual(['0,0']);
    expect(m.gains.get(0)).toBe('+1 grain');
    expect(m.gains.get(2)).toBe('+1 grain, +2 ore');
    expect(m.gains.has(1)).toBe(false);
    expect(gainText({ wool: 3 })).toBe('+3 wool');
  });

  test('pieces placed, the robber moved and a card stolen', () => {
    const m = momentOf(
      [
        { event: 'settlement_built', seat: 1, corner: '0,0,N' },
        { event: 'road_built', seat: 1, edge: '0,0,NE' },
        { event: 'robber_moved', seat: 1, hex: '2,0' },
        { event: 'robbed', thief: 1, victim: 0, resource: null },
      ],
      map,
      '2,0',
    );
    expect([...m.fresh]).toEqual(['0,0,N', '0,0,NE']);
    expect([...m.moved]).toEqual(['2,0']);
    expect(m.stolen).toEqual([{ thief: 1, victim: 0, resource: null }]);
    expect(m.dice).toBeNull();
    expect(momentOf([], map, null)).toBe(NO_MOMENT);
  });
});

describe('the log by turns', () => {
  const line = (n: number, e: Record<string, unknown>) => ({ n, e: e as never });
  test('a group per turn under its player, the setup before', () => {
    const groups = turnGroups([
      line(1, { event: 'settlement_built', seat: 0, corner: '0,0,N' }),
      line(2, { event: 'road_built', seat: 0, edge: '0,0,NE' }),
      line(3, { event: 'turn_started', seat: 0, turn: 1 }),
      line(4, roll[0]),
      line(5, { event: 'turn_started', seat: 1, turn: 2 }),
    ]);
    expect(groups.map((g) => [g.key, g.turn, g.seat, g.lines.length])).toEqual([
      [1, null, null, 2],
      [3, 1, 0, 1],
      [5, 2, 1, 0],
    ]);
    expect(groups.map((g) => groupTitle(g, names))).toEqual(['The setup', 'Turn 1 · Ada', 'Turn 2 · Bea']);
  });

  test('a log that starts in the middle of a turn says so', () => {
    const [g] = turnGroups([line(7, roll[0])]);
    expect(groupTitle(g, names)).toBe('Earlier');
    expect(turnGroups([])).toEqual([]);
  });
});

describe('the build bar', () => {
  const view = { map: { id: 'base', hexes: [] }, barbarians: undefined };
  const legal: Legal = {
    actions: [
      { action: 'build_road', edge: '0,0,NE' },
      { action: 'build_road', edge: '0,0,E' },
      { action: 'build_settlement', corner: '0,0,N' },
      { action: 'end_turn' },
    ],
    discard: null,
    gold: null,
    offer: null,
  };

  test('each piece with its cost, lit when the hand pays, a button when the server lists it', () => {
    const opts = buildOptions(view, legal, { brick: 1, lumber: 1, wool: 1, grain: 1 });
    expect(opts.map((o) => [o.kind, o.affordable, o.actions.length])).toEqual([
      ['road', true, 2],
      ['settlement', true, 1],
      ['city', false, 0],
      ['card', false, 0],
    ]);
    expect(costCards({ grain: 2, ore: 3 })).toEqual(['grain', 'grain', 'ore', 'ore', 'ore']);
    expect(pays({ ore: 3, grain: 1 }, { grain: 2, ore: 3 })).toBe(false);
    expect(pays(undefined, {})).toBe(true);
  });

  test('choosing a piece highlights only its places', () => {
    const t = targets({ ...legal, actions: [...legal.actions, { action: 'build_city', corner: '1,0,N' }] });
    const roads = onlyBuilding(t, 'road');
    expect([...roads.edges.keys()]).toEqual(['0,0,NE', '0,0,E']);
    expect(roads.corners.size).toBe(0);
    const cities = onlyBuilding(t, 'city');
    expect([...cities.corners.keys()]).toEqual(['1,0,N']);
    expect(cities.edges.size).toBe(0);
    expect(onlyBuilding(t, null)).toBe(t);
  });
});
