import { describe, expect, test } from 'vitest';
import { actionText, describeWithNames, eventText, prompt, resourcesText } from '../../src/lib/text';
import type { Legal, PlayerData, ViewData } from '../../src/lib/types';

const names = (s: number) => ['Ada', 'Bot 1', 'Bot 2', 'Bot 3'][s];

function player(seat: number, extra: Partial<PlayerData> = {}): PlayerData {
  return {
    seat, settlements: [], cities: [], roads: [], ships: [], closed_ships: [], special_victory_points: 0, gold_owed: 0,
    resource_count: 0, development_card_count: 0, played_knights: 0, road_length: 0, victory_points: 0, discard_owed: 0, ...extra,
  };
}
function view(extra: Partial<ViewData> = {}): ViewData {
  return {
    viewer: 0, scenario: 'base', map: { id: 'base', hexes: [] }, phase: 'setup_settlement', active: 0, turn: 0, to_act: [0],
    describe: 'seat 0 places a starting settlement', dice: null, bank: {}, development_deck: 25, robber: null, pirate: null,
    chits: [], victory_target: 10, longest_road: null, largest_army: null, winner: null, offer: null,
    players: [0, 1, 2, 3].map((s) => player(s)), ...extra,
  };
}
const legal = (actions: Legal['actions'], rest: Partial<Legal> = {}): Legal => ({ actions, discard: null, gold: null, offer: null, ...rest });

describe('the prompt says what to do now', () => {
  test('setup', () => {
    const l = legal([{ action: 'build_settlement', corner: '1,0,N' }]);
    expect(prompt(view(), l, names)).toEqual({ text: 'Place your first settlement', yours: true });
    const second = view({ players: [player(0, { settlements: ['1,0,N'] }), player(1), player(2), player(3)] });
    expect(prompt(second, l, names).text).toBe('Place your second settlement');
    const road = view({ phase: { step: 'setup_road', settlement: '1,0,N' } });
    expect(prompt(road, legal([{ action: 'build_road', edge: '1,-1,SE' }]), names).text).toBe('Place a road beside your new settlement');
    expect(prompt(road, legal([{ action: 'build_road', edge: '1,-1,SE' }, { action: 'build_ship', edge: '1,-1,SE' }]), names).text).toBe(
      'Place a road or a ship beside your new settlement',
    );
  });

  test('a turn', () => {
    expect(prompt(view({ phase: 'before_roll' }), legal([{ action: 'roll_dice' }]), names).text).toBe('Roll the dice');
    expect(prompt(view({ phase: 'before_roll' }), legal([{ action: 'roll_dice' }, { action: 'play_knight' }]), names).text).toBe(
      'Roll the dice (or play a Knight first)',
    );
    expect(prompt(view({ phase: 'main' }), legal([{ action: 'end_turn' }]), names).text).toBe('Build, trade or play a card, then end your turn');
    expect(prompt(view({ phase: 'moving_robber' }), legal([{ action: 'move_robber', hex: '1,2' }]), names).text).toMatch(/^Move the robber/);
    expect(prompt(view({ phase: { step: 'building_roads', left: 2 } }), legal([{ action: 'build_road', edge: '1,0,E' }]), names).text).toBe(
      'Place 2 free roads (Road Building)',
    );
  });

  test('discards, gold and trade answers', () => {
    expect(prompt(view({ phase: 'discarding' }), legal([], { discard: { count: 4, from: { ore: 8 } } }), names).text).toBe('Discard 4 cards (half your hand)');
    expect(prompt(view({ phase: 'picking_gold' }), legal([], { gold: { count: 1, from: { ore: 8 } } }), names).text).toBe('Choose 1 card for gold');
    const offered = view({ phase: 'trade_offered', active: 2, offer: { give: { wool: 1 }, get: { ore: 1 }, to: [0], answered: [], accepted: [] } });
    expect(prompt(offered, legal([{ action: 'accept_trade' }, { action: 'reject_trade' }]), names).text).toBe('Bot 2 offers you 1 wool for 1 ore: accept or reject');
  });

  test('waiting, with seat numbers turned into names, and the end', () => {
    const p = prompt(view({ active: 2, describe: 'seat 2 places a starting settlement' }), null, names);
    expect(p).toEqual({ text: 'Waiting: Bot 2 places a starting settlement', yours: false });
    expect(prompt(view({ phase: 'over', winner: 3 }), null, names).text).toBe('Bot 3 won the game');
    expect(describeWithNames('seat 1 discards 4, seat 3 discards 5', names)).toBe('Bot 1 discards 4, Bot 3 discards 5');
  });
});

describe('events in plain words', () => {
  test('each kind', () => {
    expect(eventText({ event: 'dice_rolled', seat: 0, dice: [3, 4], total: 7 }, names)).toBe('Ada rolled 3 + 4 = 7');
    expect(eventText({ event: 'settlement_built', seat: 1, corner: '1,0,N' }, names)).toBe('Bot 1 built a settlement at 1,0,N');
    expect(eventText({ event: 'produced', seat: 0, resources: { brick: 1, ore: 2 } }, names)).toBe('Ada received 1 brick, 2 ore');
    expect(eventText({ event: 'robbed', thief: 2, victim: 0, resource: null }, names)).toBe('Bot 2 took a card from Ada');
    expect(eventText({ event: 'robbed', thief: 0, victim: 2, resource: 'wool' }, names)).toBe('Ada took 1 wool from Bot 2');
    expect(eventText({ event: 'development_card_bought', seat: 1, card: null }, names)).toBe('Bot 1 bought a development card');
    expect(eventText({ event: 'development_card_bought', seat: 0, card: 'year_of_plenty' }, names)).toBe('Ada bought a development card (Year of Plenty)');
    expect(eventText({ event: 'traded_with_bank', seat: 0, gave: { lumber: 4 }, got: { brick: 1 } }, names)).toBe('Ada traded 4 lumber with the bank for 1 brick');
    expect(eventText({ event: 'trade_offered', seat: 2, give: { wool: 1 }, get: { grain: 1 }, to: [0, 1] }, names)).toBe('Bot 2 offers 1 wool for 1 grain to Ada, Bot 1');
    expect(eventText({ event: 'fog_revealed', seat: 1, hex: '1,1', terrain: 'fields', number: 3, reward: { grain: 1 } }, names)).toBe(
      'Bot 1 discovered fields with number 3 at 1,1 and received 1 grain',
    );
    expect(eventText({ event: 'longest_road', seat: null, length: 5 }, names)).toBe('The Longest Road is set aside: nobody holds it');
    expect(eventText({ event: 'largest_army', seat: 3, knights: 3 }, names)).toBe('Bot 3 takes the Largest Army (3 Knights)');
    expect(eventText({ event: 'must_discard', seat: 0, count: 1 }, names)).toBe('Ada must discard 1 card');
    expect(eventText({ event: 'game_won', seat: 1, points: 10, victory_point_cards: 1 }, names)).toBe('Bot 1 wins with 10 points!');
    expect(eventText({ event: 'something_new', seat: 1 }, names)).toBe('something new {"seat":1}');
  });
});

describe('actions in words', () => {
  test('buttons and record lines', () => {
    expect(actionText({ action: 'roll_dice' })).toBe('Roll the dice');
    expect(actionText({ action: 'move_robber', hex: '1,2', victim: 1 }, names)).toBe('Move the robber to 1,2 and take a card from Bot 1');
    expect(actionText({ action: 'confirm_trade', with: 2 }, names)).toBe('Trade with Bot 2');
    expect(actionText({ action: 'dice', dice: [6, 6] })).toBe('Dice: 6 + 6');
    expect(resourcesText({})).toBe('nothing');
  });
});
