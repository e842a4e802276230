import { describe, expect, test } from 'vitest';
import { actionText, bankText, describeWithNames, eventText, hexPlace, prompt, resourcesText, tradeSideText } from '../../src/lib/text';
import { placeNames } from '../../src/lib/places';
import { plural } from '../../src/lib/words';
import { standstillText } from '../../src/lib/end';
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
    expect(prompt(view({ phase: 'over', winner: null }), null, names).text).toBe('Nobody can win any more: the game ends without a winner');
    expect(describeWithNames('seat 1 discards 4, seat 3 discards 5', names)).toBe('Bot 1 discards 4, Bot 3 discards 5');
  });
});

describe('events in plain words', () => {
  test('each kind', () => {
    expect(eventText({ event: 'dice_rolled', seat: 0, dice: [3, 4], total: 7 }, names)).toBe('Ada rolled 3 + 4 = 7');
    expect(eventText({ event: 'settlement_built', seat: 1, corner: '1,0,N' }, names)).toBe('Bot 1 built a settlement at 1,0,N');
    expect(eventText({ event: 'produced', seat: 0, resources: { brick: 1, ore: 2 } }, names)).toBe('Ada received 1 brick, 2 ore');
    expect(eventText({ event: 'no_place_in_setup', seat: 2, piece: 'settlement' }, names)).toBe('Bot 2 has no place left for a starting settlement and places none');
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
    expect(eventText({ event: 'game_won', seat: 1, points: 14, victory_point_cards: 0, shared: true }, names)).toBe('Bot 1 shares the win with 14 points');
    expect(eventText({ event: 'nobody_can_win' }, names)).toBe('Nobody can win any more: the game ends without a winner');
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

  test('a hex in the log as the board shows it', () => {
    const map = { hexes: [{ hex: '2,2', terrain: 'hills', number: 5 }, { hex: '0,1', terrain: 'desert', number: null }, { hex: '3,3', terrain: 'fog', number: null }] };
    expect(hexPlace(map, '2,2')).toBe('the hills 5');
    expect(hexPlace(map, '0,1')).toBe('the desert');
    expect(hexPlace(map, '3,3')).toBe('the fog');
    expect(hexPlace(map, '9,9')).toBe('the open sea in the south-east');
    expect(eventText({ event: 'robber_moved', seat: 3, hex: '2,2' }, names, placeNames(map))).toBe('Bot 3 moved the robber to the hills 5');
    expect(eventText({ event: 'robber_moved', seat: 3, hex: '2,2' }, names)).toBe('Bot 3 moved the robber to 2,2');
  });

  test('the bank, limited or not', () => {
    const full = { brick: 19, lumber: 19, wool: 19, grain: 19, ore: 19 };
    expect(bankText({ bank: { brick: 2, ore: 19 } })).toBe('2 brick, 19 ore');
    expect(bankText({ bank: {} })).toBe('nothing');
    expect(bankText({ bank: full, unlimited_bank: true })).toBe('unlimited (never short of a resource)');
  });
});

describe('Barbarian Attack in words', () => {
  const ba = (extra: Partial<ViewData> = {}) =>
    view({
      scenario: 'barbarian-attack',
      map: { id: 'ba', hexes: [{ hex: '-1,4', terrain: 'castle', number: null }, { hex: '0,4', terrain: 'hills', number: 8 }, { hex: '0,3', terrain: 'forest', number: 4 }] },
      barbarians: {
        castle: '-1,4', on: { '0,4': 1 }, supply: 28, conquered: [], conquered_buildings: [], knights: [],
        gold: [4, 0, 0, 0], prisoners: [0, 0, 0, 0], deck: 26, token_supply: 0,
      },
      ...extra,
    });

  test('setup: the second piece is a city', () => {
    const second = ba({ players: [player(0, { settlements: ['1,0,N'] }), player(1), player(2), player(3)] });
    expect(prompt(second, legal([{ action: 'build_settlement', corner: '3,1,N' }]), names).text).toMatch(/^Place your city/);
  });

  test('cards resolved at once: knights, Treason, Intrigue', () => {
    expect(prompt(ba({ phase: 'placing_knight' }), legal([{ action: 'place_knight', edge: '-1,4,NE' }]), names).text).toMatch(/^Knighthood: place a knight .*castle/);
    expect(prompt(ba({ phase: 'placing_black_knight' }), legal([{ action: 'place_knight', edge: '1,2,E' }]), names).text).toMatch(/^Black Knight/);
    const treason = legal([{ action: 'treason_move', from: '0,4', to: '1,0' }, { action: 'treason_move', to: '2,0' }]);
    expect(prompt(ba({ phase: 'treason' }), treason, names).text).toBe('Treason: choose a highlighted hex (or the supply) to take a barbarian from');
    expect(prompt(ba({ phase: 'treason' }), treason, names, { source: '0,4' }).text).toBe('Treason: move a barbarian from the hills 8 to a highlighted coastal hex');
    expect(prompt(ba({ phase: 'treason' }), treason, names, { source: 'supply' }).text).toMatch(/from the supply/);
    expect(prompt(ba({ phase: 'intrigue' }), legal([{ action: 'take_prisoner', hex: '0,4' }]), names).text).toMatch(/^Intrigue/);
  });

  test('moving knights says how far, and what a grain buys', () => {
    const moves = legal([{ action: 'move_knight', from: '-1,4,NE', to: '0,3,E' }, { action: 'end_turn' }]);
    expect(prompt(ba({ phase: 'moving_knights' }), moves, names).text).toBe('Move your knights (click a knight, then where it goes), then end your turn');
    const withGrain = ba({ phase: 'moving_knights', players: [player(0, { hand: { grain: 1 } }), player(1), player(2), player(3)] });
    expect(prompt(withGrain, moves, names, { knight: '-1,4,NE' }).text).toBe(
      'Move the knight between the castle and the forest 4: choose a highlighted path (up to 3 paths free, 4–5 paths for 1 grain)',
    );
    expect(prompt(ba({ phase: 'moving_knights' }), moves, names, { knight: '-1,4,NE' }).text).toMatch(/up to 3 paths \(no grain/);
    // A knight left on the castle must move before the turn ends.
    const inCastle = ba({ phase: 'moving_knights' });
    inCastle.barbarians!.knights = [{ seat: 0, edge: '-1,4,E' }];
    const offCastle = legal([{ action: 'move_knight', from: '-1,4,E', to: '0,3,E' }]);
    expect(prompt(inCastle, offCastle, names).text).toMatch(/^Move your knights off the castle/);
    expect(prompt({ ...inCastle, phase: 'main' }, offCastle, names).text).toBe(
      'Build, trade or buy a card; then move your knights off the castle (click one): the turn cannot end with a knight there',
    );
    expect(prompt(ba({ phase: 'main' }), moves, names).text).toBe('Build, trade or buy a card; then move your knights (click one) or end your turn');
    expect(prompt(ba({ phase: 'main' }), moves, names, { knight: '-1,4,NE' }).text).toMatch(/no more building or trading this turn$/);
  });

  test('a 7, neutral building, the foreign knight, forced trades, event cards', () => {
    const rob = legal([{ action: 'rob_player' }, { action: 'rob_player', victim: 1 }]);
    expect(prompt(ba({ phase: 'moving_robber' }), rob, names).text).toMatch(/^A 7: choose a player/);
    expect(prompt(ba({ phase: { step: 'neutral_building', settlement: true } }), legal([{ action: 'neutral_settlement', seat: 2, corner: '2,1,S' }]), names).text).toMatch(
      /free settlement for a neutral player/,
    );
    expect(prompt(ba({ phase: { step: 'neutral_building', settlement: false } }), legal([{ action: 'neutral_road', seat: 2, edge: '2,1,E' }]), names).text).toMatch(
      /free road for a neutral player/,
    );
    expect(prompt(ba({ phase: 'foreign_knight' }), legal([{ action: 'place_foreign_knight' }]), names).text).toMatch(/foreign knight/);
    const giving = ba({ phase: { step: 'giving_back', victim: 1 } });
    expect(prompt(giving, legal([], { give_back: { count: 2, from: { ore: 3 } } }), names).text).toBe('Forced trade: give 2 cards of your choice back to Bot 1');
    const events = { last: { event: 'earthquake' as const, number: 6 }, revealed: [], before_new_year: 20, owed: [0], damaged_roads: [] };
    expect(prompt(ba({ phase: 'event', events }), legal([{ action: 'damage_road', edge: '1,1,E' }]), names).text).toBe('Earthquake: choose one of your roads to damage');
    const neighbours = { ...events, last: { event: 'good_neighbors' as const, number: 6 } };
    expect(prompt(ba({ phase: 'event', events: neighbours }), legal([{ action: 'give_card', to: 1, resource: 'ore' }]), names).text).toBe(
      'Good Neighbors: give a card of your choice to Bot 1',
    );
    const plenty = { ...events, last: { event: 'plentiful_year' as const, number: 2 } };
    expect(prompt(ba({ phase: 'picking_gold', events: plenty }), legal([], { gold: { count: 1, from: { ore: 5 } } }), names).text).toBe(
      'Plentiful Year: choose 1 card from the bank',
    );
    expect(prompt(ba({ phase: 'before_roll', events: { ...events, last: null } }), legal([{ action: 'roll_dice' }]), names).text).toBe('Reveal an event card');
    expect(prompt(ba({ phase: 'before_roll' }), legal([{ action: 'roll_dice' }, { action: 'force_trade' }]), names).text).toBe(
      'Roll the dice (or spend 1 trade token on a forced trade)',
    );
    const ahead = ba({ phase: 'main', players: [player(0, { victory_points: 5 }), player(1, { victory_points: 4 }), player(2, { neutral: true }), player(3, { neutral: true })] });
    expect(prompt(ahead, legal([{ action: 'end_turn' }, { action: 'drive_away_barbarian', hex: '0,4' }]), names).text).toBe(
      'Build, trade or buy a card (or spend 2 trade tokens on a highlighted hex to drive a barbarian away), then end your turn',
    );
  });

  test('events of Barbarian Attack in plain words', () => {
    expect(eventText({ event: 'barbarians_landed', hex: '0,4', total: 2, landed: true, barbarians: 2 }, names)).toBe('Barbarians land on 0,4 (rolled 2): 2 barbarians there');
    expect(eventText({ event: 'barbarians_landed', hex: '0,4', total: 2, landed: true, barbarians: 3 }, names)).toMatch(/the hex is conquered$/);
    expect(eventText({ event: 'barbarians_landed', hex: '0,4', total: 2, landed: false, barbarians: 3 }, names)).toMatch(/no barbarian lands/);
    expect(eventText({ event: 'barbarian_card_drawn', seat: 0, card: 'black_knight' }, names)).toBe('Ada drew Black Knight');
    expect(eventText({ event: 'knight_placed', seat: 1, edge: '-1,4,E' }, names)).toBe('Bot 1 placed a knight on -1,4,E');
    expect(eventText({ event: 'knight_moved', seat: 1, from: '-1,4,E', to: '1,2,E', grain: true }, names)).toBe('Bot 1 moved a knight from -1,4,E to 1,2,E (paid 1 grain)');
    expect(eventText({ event: 'barbarian_moved', seat: 0, from: null, to: '1,0' }, names)).toBe('Ada moved a barbarian from the supply to 1,0 (Treason)');
    expect(eventText({ event: 'battle_won', hex: '0,4', barbarians: 1, knights: 2 }, names)).toBe('The knights beat the barbarians at 0,4: 2 knights against 1 barbarian');
    expect(eventText({ event: 'rolled_off', dice: [5, 0, 2, 0] }, names)).toBe('Roll-off for prisoners: Ada 5, Bot 2 2');
    expect(eventText({ event: 'knight_lost', seat: 0, edge: '1,2,E', gold: 3 }, names)).toBe('Ada lost the knight on 1,2,E and receives 3 gold');
    expect(eventText({ event: 'gold_exchanged', seat: 0, resource: 'ore' }, names)).toBe('Ada paid 2 gold for 1 ore');
    expect(eventText({ event: 'event_card_revealed', seat: 0, kind: 'calm_sea', number: 9 }, names)).toBe('Ada revealed the event card Calm Sea (9)');
    expect(eventText({ event: 'new_year' }, names)).toMatch(/^New Year/);
    expect(eventText({ event: 'harbormaster', seat: 2, points: 3 }, names)).toBe('Bot 2 takes the Harbormaster (3 harbor points)');
    expect(eventText({ event: 'harbormaster', seat: null, points: 0 }, names)).toMatch(/set aside/);
    expect(eventText({ event: 'card_given', seat: 0, to: 1, resource: null }, names)).toBe('Ada gave a card to Bot 1');
    expect(eventText({ event: 'cards_taken', seat: 0, victim: 1, count: 2 }, names)).toBe('Ada spent a trade token and took 2 cards from Bot 1');
  });

  test('actions of Barbarian Attack in words', () => {
    expect(actionText({ action: 'rob_player', victim: 1 }, names)).toBe('Take a card from Bot 1');
    expect(actionText({ action: 'rob_player' }, names)).toBe('Take no card');
    expect(actionText({ action: 'place_foreign_knight' }, names)).toBe('No foreign knight');
    expect(actionText({ action: 'buy_with_gold', resource: 'wool' }, names)).toBe('Pay 2 gold for 1 wool');
    expect(actionText({ action: 'give_card', to: 2, resource: 'ore' }, names)).toBe('Give 1 ore to Bot 2');
    expect(actionText({ action: 'neutral_road', seat: 3, edge: '1,1,E' }, names)).toBe('Build a road for Bot 3 at 1,1,E');
    expect(actionText({ action: 'treason_move', to: '1,0' }, names)).toBe('Move a barbarian from the supply to 1,0');
    expect(actionText({ action: 'force_trade' }, names)).toBe('Spend a trade token: forced trade');
    expect(actionText({ action: 'reveal_event', event: 'earthquake', number: 6 }, names)).toBe('Event card: Earthquake (6)');
  });
});

describe('plural', () => {
  test('one card, two cards', () => {
    expect(plural(1, 'card')).toBe('1 card');
    expect(plural(2, 'card')).toBe('2 cards');
    expect(plural(0, 'card')).toBe('0 cards');
  });

  test('counts in the log and at the end are singular for one', () => {
    expect(eventText({ event: 'game_won', seat: 1, points: 1, victory_point_cards: 0 }, names)).toBe('Bot 1 wins with 1 point!');
    expect(eventText({ event: 'game_won', seat: 1, points: 1, victory_point_cards: 0, shared: true }, names)).toBe('Bot 1 shares the win with 1 point');
    expect(standstillText(1)).toBe('The scores stood still for 1 round: the game ends without a winner');
    expect(standstillText(3)).toBe('The scores stood still for 3 rounds: the game ends without a winner');
  });
});

describe('tradeSideText', () => {
  test('cards alone, gold alone, and both', () => {
    expect(tradeSideText({ brick: 1, ore: 2 }, undefined)).toBe('1 brick, 2 ore');
    expect(tradeSideText({}, 2)).toBe('2 gold coins');
    expect(tradeSideText({ wool: 1 }, 1)).toBe('1 wool, 1 gold coin');
    expect(tradeSideText({}, 0)).toBe('nothing');
  });
});
