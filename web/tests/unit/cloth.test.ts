import { describe, expect, test } from 'vitest';
import {
  CLOTH_PER_VP,
  clothPerPoint,
  clothPoints,
  clothTotal,
  mapVillages,
  tradingWith,
  villageHex,
  villageLabel,
  villagePlaces,
  villagesWithCloth,
} from '../../src/lib/cloth';
import { winText, winnersOf } from '../../src/lib/end';
import { SIZE, cornerPoint, hexCentreOf } from '../../src/lib/geometry';
import { robChoices, targets } from '../../src/lib/highlights';
import { listText } from '../../src/lib/words';
import { actionText, eventText, prompt } from '../../src/lib/text';
import type { ClothView, Legal, MapFile, PlayerData, ViewData } from '../../src/lib/types';

const names = (s: number) => ['Ada', 'Bot 1', 'Bot 2', 'Bot 3'][s];
const legal = (actions: Legal['actions']): Legal => ({ actions, discard: null, gold: null, offer: null });
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9);

function player(seat: number): PlayerData {
  return {
    seat, settlements: [], cities: [], roads: [], ships: [], closed_ships: [], special_victory_points: 0, gold_owed: 0,
    resource_count: 0, development_card_count: 0, played_knights: 0, road_length: 0, victory_points: 0, discard_owed: 0,
  };
}

// The villages of shared/rules/scenarios.md SC6-2, as crates/settlers-core/maps/cloth-for-catan.json has them.
const MAP: MapFile = {
  id: 'cloth-for-catan',
  hexes: [
    { hex: '2,2', terrain: 'gold', number: null },
    { hex: '2,1', terrain: 'sea', number: null },
    { hex: '3,1', terrain: 'sea', number: null },
    { hex: '1,3', terrain: 'sea', number: null },
    { hex: '2,3', terrain: 'sea', number: null },
    { hex: '0,3', terrain: 'desert', number: null },
  ],
  special_vp: { kind: 'cloth', cloth_per_vp: 2 },
  extras: {
    villages: [
      { corner: '2,2,N', tribe_hex: '2,2', number: 11, cloth: 5 },
      { corner: '2,2,S', tribe_hex: '2,2', number: 8, cloth: 5 },
      { corner: '0,3,N', number: 10 },
      { corner: 7, number: 9 },
    ],
    general_cloth_supply: 10,
  },
};

const CLOTH: ClothView = {
  villages: [
    { corner: '2,2,N', number: 11, cloth: 3, traders: [0, 2] },
    { corner: '2,2,S', number: 8, cloth: 0, traders: [2] },
    { corner: '0,3,N', number: 10, cloth: 5, traders: [] },
  ],
  supply: 9,
  held: [2, 0, 5, 1],
};

function view(extra: Partial<ViewData> = {}): ViewData {
  return {
    viewer: 0, scenario: 'cloth-for-catan', map: MAP, phase: 'main', active: 0, turn: 9, to_act: [0],
    describe: 'seat 0 builds and trades', dice: null, bank: {}, development_deck: 20, robber: '0,1', pirate: '5,3',
    chits: [], victory_target: 14, longest_road: null, largest_army: null, winner: null, offer: null,
    players: [0, 1, 2, 3].map(player), cloth: CLOTH, ...extra,
  };
}

describe('Cloth for Catan: the villages', () => {
  test('a preview lays the villages out from the map: 5 cloth each unless it says, no trader yet', () => {
    expect(mapVillages(MAP)).toEqual([
      { corner: '2,2,N', number: 11, cloth: 5, traders: [] },
      { corner: '2,2,S', number: 8, cloth: 5, traders: [] },
      { corner: '0,3,N', number: 10, cloth: 5, traders: [] },
    ]);
    expect(mapVillages({ id: 'base', hexes: [] })).toEqual([]);
  });

  test('a village belongs to the map’s tribe hex, else the one land hex at its corner', () => {
    expect(villageHex('2,2,N', MAP)).toBe('2,2');
    // 0,3,N touches 0,3 (desert), 0,2 and 1,2 (not on this map): the desert.
    expect(villageHex('0,3,N', MAP)).toBe('0,3');
    // 2,3,N touches 2,3 (sea), 2,2 (gold) and 3,2 (not on the map): the gold hex, though the corner is named after 2,3.
    expect(villageHex('2,3,N', { ...MAP, extras: {} })).toBe('2,2');
  });

  test('the marks go from the corner into the island: the token on the way, cloth and traders either side', () => {
    const p = villagePlaces('2,2,N', '2,2', 2);
    const corner = cornerPoint('2,2,N');
    const c = hexCentreOf('2,2');
    expect(p.hut).toEqual(corner);
    near(p.token.x, c.x);
    near(p.token.y, corner.y + SIZE / 2);
    expect(p.cloth.x).toBeGreaterThan(c.x);
    expect(p.traders).toHaveLength(2);
    for (const t of p.traders) expect(t.x).toBeLessThan(c.x);
    // The S village mirrors it: below the centre, the cloth still on the right.
    const s = villagePlaces('2,2,S', '2,2', 1);
    near(s.token.y, cornerPoint('2,2,S').y - SIZE / 2);
    expect(s.cloth.x).toBeGreaterThan(c.x);
    // Every mark stays inside the hex (closer to its centre than its inscribed circle).
    for (const pt of [p.token, p.cloth, ...p.traders, s.token, s.cloth, ...s.traders, ...villagePlaces('2,2,N', '2,2', 4).traders]) {
      expect(Math.hypot(pt.x - c.x, pt.y - c.y)).toBeLessThan((SIZE * Math.sqrt(3)) / 2);
    }
  });

  test('a village in words', () => {
    expect(villageLabel(CLOTH.villages[0], names)).toBe('village at 2,2,N: number 11, 3 cloth, trading with Ada and Bot 2');
    expect(villageLabel(CLOTH.villages[1], names)).toBe('village at 2,2,S: number 8, no cloth left, trading with Bot 2');
    expect(villageLabel(CLOTH.villages[2], names)).toBe('village at 0,3,N: number 10, 5 cloth, nobody trades with it yet');
    expect(listText(['Ada', 'Bot 1', 'Bot 2'])).toBe('Ada, Bot 1 and Bot 2');
  });

  test('cloth counts: points, villages with cloth, trade, and every cloth still in play', () => {
    expect(clothPerPoint(MAP)).toBe(2);
    expect(clothPerPoint({ special_vp: { kind: 'cloth', cloth_per_vp: 3 } })).toBe(3);
    expect(clothPerPoint({ special_vp: null })).toBe(CLOTH_PER_VP);
    expect([0, 1, 2, 3, 5].map((n) => clothPoints(n))).toEqual([0, 0, 1, 1, 2]);
    expect(villagesWithCloth(CLOTH)).toBe(2);
    expect(tradingWith(CLOTH, 2).map((v) => v.number)).toEqual([11, 8]);
    expect(tradingWith(CLOTH, 1)).toEqual([]);
    expect(clothTotal(CLOTH)).toBe(3 + 0 + 5 + 9 + 8);
  });
});

describe('Cloth for Catan: the end', () => {
  test('one winner, or a shared win', () => {
    expect(winnersOf({ winner: null })).toEqual([]);
    expect(winnersOf({ winner: 2, shared_winners: [0] })).toEqual([2, 0]);
    expect(winText({ winner: null }, names)).toBe('Nobody can win any more: the game ends without a winner');
    expect(winText({ winner: 1 }, names)).toBe('Bot 1 wins!');
    expect(winText({ winner: 1, shared_winners: [3] }, names)).toBe('Bot 1 and Bot 3 share the win');
    expect(winText({ winner: 0, shared_winners: [1, 3] }, names)).toBe('Ada, Bot 1 and Bot 3 share the win');
    expect(prompt(view({ phase: 'over', winner: 1, shared_winners: [3] }), null, names)).toEqual({ text: 'Bot 1 and Bot 3 share the win', yours: false });
    expect(prompt(view({ phase: 'over', winner: 1 }), null, names).text).toBe('Bot 1 won the game');
  });

  test('a game whose scores stood still ends without a winner, and says so', () => {
    const stood = 'The scores stood still for 2000 rounds: the game ends without a winner';
    expect(winText({ winner: null, standstill_rounds: 2000, standstill_limit: 2000 }, names)).toBe(stood);
    expect(prompt(view({ phase: 'over', winner: null, standstill_rounds: 2000, standstill_limit: 2000 }), null, names).text).toBe(stood);
    // Short of the limit, or playing on, the end was for another reason.
    expect(winText({ winner: null, standstill_rounds: 12, standstill_limit: 2000 }, names)).toBe('Nobody can win any more: the game ends without a winner');
    expect(winText({ winner: null, standstill_rounds: 2500 }, names)).toBe('Nobody can win any more: the game ends without a winner');
    expect(eventText({ event: 'scores_stood_still', rounds: 2000 }, names)).toBe(stood);
  });
});

describe('Cloth for Catan: the pirate takes a card or a cloth', () => {
  const pirate = [
    { action: 'move_pirate', hex: '4,2', victim: 1 },
    { action: 'move_pirate', hex: '4,2', victim: 1, take: 'cloth' },
    { action: 'move_pirate', hex: '4,2', victim: 2, take: 'cloth' },
  ] as const;

  test('the actions at a hex become a choice of victim, and of a card or a cloth', () => {
    const t = targets(legal([...pirate, { action: 'move_pirate', hex: '5,3' }, { action: 'move_robber', hex: '0,1', victim: 3 }]));
    expect(t.hexes.get('4,2')).toEqual(pirate);
    const choice = robChoices(t.hexes.get('4,2')!);
    expect(choice).toEqual({
      piece: 'pirate',
      hex: '4,2',
      choices: [
        { victim: 1, card: pirate[0], cloth: pirate[1] },
        { victim: 2, cloth: pirate[2] },
      ],
    });
    expect(robChoices(t.hexes.get('5,3')!)).toEqual({ piece: 'pirate', hex: '5,3', choices: [{ victim: null, card: { action: 'move_pirate', hex: '5,3' } }] });
    expect(robChoices(t.hexes.get('0,1')!)?.piece).toBe('robber');
    // Anything but the robber or the pirate keeps the plain list.
    expect(robChoices([{ action: 'place_gift_harbor', edge: '0,1,SE', harbor: 'wool' }])).toBeNull();
    expect(robChoices([])).toBeNull();
  });

  test('the action, the prompt and the events in words', () => {
    expect(actionText(pirate[0], names)).toBe('Move the pirate to 4,2 and take a card from Bot 1');
    expect(actionText(pirate[1], names)).toBe('Move the pirate to 4,2 and take a cloth from Bot 1');
    const moving = view({ phase: 'moving_robber' });
    expect(prompt(moving, legal([...pirate, { action: 'move_robber', hex: '0,1' }]), names).text).toBe(
      'Move the robber or the pirate: choose a highlighted hex (the pirate may take a cloth in place of a card)',
    );
    expect(prompt(moving, legal([{ action: 'move_robber', hex: '0,1' }]), names).text).toBe(
      'Move the robber: choose a highlighted hex (the pirate sails only for a player trading with a village)',
    );
    expect(eventText({ event: 'trade_established', seat: 2, village: '2,2,N', cloth: 1 }, names)).toBe('Bot 2 now trades with the village at 2,2,N and took a cloth from it');
    expect(eventText({ event: 'trade_established', seat: 0, village: '2,2,S', cloth: 0 }, names)).toBe('Ada now trades with the village at 2,2,S (it has no cloth left to give)');
    expect(eventText({ event: 'cloth_produced', seat: 3, village: '1,4,N' }, names)).toBe('Bot 3 received a cloth for trading with the village at 1,4,N');
    expect(eventText({ event: 'cloth_produced', seat: 3, village: '1,4,N', from_supply: true }, names)).toBe(
      'Bot 3 received a cloth for trading with the village at 1,4,N, from the general supply: the village has none left',
    );
    expect(eventText({ event: 'cloth_stolen', thief: 0, victim: 1 }, names)).toBe("Ada's pirate took a cloth from Bot 1");
    expect(eventText({ event: 'villages_ran_dry', villages_with_cloth: 3 }, names)).toBe('Only 3 villages still hold cloth: the game ends');
    expect(eventText({ event: 'villages_ran_dry', villages_with_cloth: 1 }, names)).toBe('Only 1 village still holds cloth: the game ends');
    expect(eventText({ event: 'villages_ran_dry', villages_with_cloth: 0 }, names)).toBe('No village holds cloth any more: the game ends');
  });
});
