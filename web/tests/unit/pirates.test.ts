import { describe, expect, test } from 'vitest';
import {
  ARROW_AT,
  FORTRESS_CHITS,
  attackText,
  colourOf,
  conquered,
  fleetArrows,
  fleetPathPoints,
  fleetStep,
  fleetText,
  fortressBadge,
  fortressLabel,
  fortressStatus,
  laneLabel,
  laneLines,
  mapPirateIslands,
  pirateWinText,
  siteCorners,
  siteLabel,
  warshipSeats,
} from '../../src/lib/pirates';
import { SIZE, cornerPoint, edgeCorners, hexCentreOf } from '../../src/lib/geometry';
import { targets } from '../../src/lib/highlights';
import { actionText, eventText, prompt } from '../../src/lib/text';
import type { Legal, MapFile, PirateIslandsView, PlayerData, ViewData } from '../../src/lib/types';

const names = (s: number) => ['Ada', 'Bot 1', 'Bot 2', 'Bot 3'][s];
const legal = (actions: Legal['actions'], extra: Partial<Legal> = {}): Legal => ({ actions, discard: null, gold: null, offer: null, ...extra });
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9);

function player(seat: number): PlayerData {
  return {
    seat, settlements: [], cities: [], roads: [], ships: [], closed_ships: [], special_victory_points: 0, gold_owed: 0,
    resource_count: 0, development_card_count: 0, played_knights: 0, road_length: 0, victory_points: 0, discard_owed: 0,
  };
}

// The fleet path and colours of shared/rules/scenarios.md SC7-2 and SC7-8, as
// crates/settlers-core/maps/pirate-islands.json has them (`extras`).
const PATH = ['1,6', '0,6', '0,5', '0,4', '1,3', '1,2', '2,1', '3,0', '4,0', '4,1', '3,2', '2,3', '2,4', '2,5'];
const MAP: MapFile = {
  id: 'pirate-islands',
  hexes: [],
  extras: {
    fleet_path: PATH,
    fleet_start: '1,6',
    colours: [
      {
        colour: 'orange', used_with_3_players: true, start_settlement: '2,6,N', start_ship: '2,5,SE', pirate_island_site: '-1,7,N', fortress: '-2,6,S', fortress_chits: 3,
        ship_lane: ['0,5,SE', '0,6,NE', '1,5,SE', '1,6,NE', '2,5,SE', '-1,6,E', '0,6,E', '1,6,E', '-2,6,SE', '-2,7,NE', '-1,6,SE', '-1,7,NE', '0,6,SE', '0,7,NE', '1,6,SE'],
      },
      {
        colour: 'red', used_with_3_players: true, start_settlement: '5,0,S', start_ship: '4,1,NE', pirate_island_site: '3,-1,S', fortress: '1,0,N', fortress_chits: 3,
        ship_lane: ['2,1,NE', '3,0,SE', '3,1,NE', '4,0,SE', '4,1,NE', '2,0,E', '3,0,E', '4,0,E', '1,0,NE', '2,-1,SE', '2,0,NE', '3,-1,SE', '3,0,NE', '4,-1,SE', '4,0,NE'],
      },
      {
        colour: 'blue', used_with_3_players: true, start_settlement: '3,3,S', start_ship: '2,4,NE', pirate_island_site: '0,3,S', fortress: '-2,5,N', fortress_chits: 3,
        ship_lane: ['-1,3,SE', '-1,4,NE', '0,3,SE', '0,4,NE', '1,3,SE', '1,4,NE', '2,3,SE', '2,4,NE', '-2,4,E', '-1,4,E', '-2,5,NE', '-1,4,SE'],
      },
      {
        colour: 'white', used_with_3_players: false, start_settlement: '3,3,N', start_ship: '3,2,SE', pirate_island_site: '0,3,N', fortress: '0,1,S', fortress_chits: 3,
        ship_lane: ['-1,3,NE', '0,2,SE', '0,3,NE', '1,2,SE', '1,3,NE', '2,2,SE', '2,3,NE', '3,2,SE', '-1,2,E', '0,2,E', '0,1,SE', '0,2,NE'],
      },
    ],
  },
};

// A game three turns on: Bot 1's fortress has fallen, Ada has two warships.
const PI: PirateIslandsView = {
  fleet: '0,4',
  fleet_path: PATH,
  colours: [
    { seat: 0, colour: 'orange', fortress: '-2,6,S', chits: 2, site: '-1,7,N', lane: ['0,5,SE', '2,5,SE'], warships: ['2,5,SE', '1,6,NE'] },
    { seat: 1, colour: 'red', fortress: '1,0,N', chits: 0, site: '3,-1,S', lane: ['4,1,NE'], warships: ['4,1,NE'] },
    { seat: 2, colour: 'blue', fortress: '-2,5,N', chits: 1, site: '0,3,S', lane: ['2,4,NE'], warships: [] },
  ],
};

function view(extra: Partial<ViewData> = {}): ViewData {
  return {
    viewer: 0, scenario: 'pirate-islands', map: MAP, phase: 'main', active: 0, turn: 9, to_act: [0],
    describe: 'seat 0 builds and trades', dice: null, bank: {}, development_deck: 20, robber: null, pirate: PI.fleet,
    chits: [], victory_target: 10, longest_road: null, largest_army: null, winner: null, offer: null,
    players: [0, 1, 2].map(player), pirate_islands: PI, ...extra,
  };
}

describe('The Pirate Islands: the map as a preview', () => {
  test('the fleet on its start, every colour with its fortress whole, its site and lane, no warship', () => {
    const pi = mapPirateIslands(MAP)!;
    expect(pi.fleet).toBe('1,6');
    expect(pi.fleet_path).toEqual(PATH);
    expect(pi.colours.map((c) => [c.seat, c.colour, c.fortress, c.chits, c.site])).toEqual([
      [0, 'orange', '-2,6,S', 3, '-1,7,N'],
      [1, 'red', '1,0,N', 3, '3,-1,S'],
      [2, 'blue', '-2,5,N', 3, '0,3,S'],
      [3, 'white', '0,1,S', 3, '0,3,N'],
    ]);
    expect(pi.colours.map((c) => c.lane.length)).toEqual([15, 15, 12, 12]);
    expect(pi.colours.every((c) => c.warships.length === 0)).toBe(true);
    expect(siteCorners(pi)).toEqual(['-1,7,N', '3,-1,S', '0,3,S', '0,3,N']);
    // No fleet path: not this scenario.
    expect(mapPirateIslands({ id: 'base', hexes: [] })).toBeNull();
    // The fleet starts on the path's first hex when the map does not say; chits default to 3.
    const bare = mapPirateIslands({ id: 'x', hexes: [], extras: { fleet_path: ['2,2', '3,2'], colours: [{ fortress: '1,1,N' }, { colour: 'red' }] } })!;
    expect(bare.fleet).toBe('2,2');
    expect(bare.colours).toEqual([{ seat: 0, colour: '', fortress: '1,1,N', chits: FORTRESS_CHITS, site: '', lane: [], warships: [] }]);
  });

  test('each lane is its own: no edge on two lanes, and every lane touches its fortress', () => {
    const pi = mapPirateIslands(MAP)!;
    const all = pi.colours.flatMap((c) => c.lane);
    expect(new Set(all).size).toBe(all.length);
    for (const c of pi.colours) {
      expect(c.lane.some((e) => edgeCorners(e).includes(c.fortress)), `${c.colour} reaches its fortress`).toBe(true);
      expect(c.lane.some((e) => edgeCorners(e).includes(c.site)), `${c.colour} passes its site`).toBe(true);
    }
  });
});

describe('The Pirate Islands: the fleet', () => {
  test('its path is a loop of neighbouring hexes, through their centres', () => {
    const pts = fleetPathPoints(PATH);
    expect(pts).toHaveLength(14);
    expect(pts[0]).toEqual(hexCentreOf('1,6'));
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[(i + 1) % pts.length];
      // Neighbouring hex centres are √3·SIZE apart, the last back to the first included.
      near(Math.hypot(b.x - a.x, b.y - a.y), Math.sqrt(3) * SIZE);
    }
  });

  test('an arrow on the way from each hex to the next, pointing the way it sails', () => {
    const arrows = fleetArrows(PATH);
    expect(arrows).toHaveLength(14);
    // 1,6 → 0,6: due west.
    const a = hexCentreOf('1,6');
    const b = hexCentreOf('0,6');
    near(arrows[0].x, a.x + (b.x - a.x) * ARROW_AT);
    near(arrows[0].y, a.y);
    // Inside the first hex, off the centre (the fleet) and the edge between them (ships).
    const off = Math.hypot(arrows[0].x - a.x, arrows[0].y - a.y);
    expect(off).toBeGreaterThan(25);
    expect(off).toBeLessThan((Math.sqrt(3) / 2) * SIZE - 15);
    near(Math.abs(arrows[0].angle), 180);
    // 0,6 → 0,5: up and to the left.
    near(arrows[1].angle, -120);
    // 2,5 → 1,6 (the wrap): down and to the left.
    near(arrows[13].angle, 120);
    expect(fleetArrows(['1,1'])).toEqual([]);
  });

  test('where it stands, in words', () => {
    expect(fleetStep(PI)).toBe(4);
    expect(fleetText(PI)).toBe('The pirate fleet is on 0,4 (hex 4 of 14 on its path)');
    expect(fleetStep({ fleet: null, fleet_path: PATH })).toBeNull();
    expect(fleetText({ fleet: null, fleet_path: PATH })).toBe('The pirate fleet has left the game: every fortress has fallen');
    expect(fleetText({ fleet: '9,9', fleet_path: PATH })).toBe('The pirate fleet is on 9,9');
  });
});

describe('The Pirate Islands: lanes, fortresses, sites and warships', () => {
  test('a lane is drawn edge by edge, corner to corner', () => {
    const [l] = laneLines(['2,5,SE']);
    const [p, q] = edgeCorners('2,5,SE').map(cornerPoint);
    expect(l).toEqual({ edge: '2,5,SE', x1: p.x, y1: p.y, x2: q.x, y2: q.y });
    expect(laneLabel(PI.colours[0], names)).toBe('ship lane of Ada: 2 edges, by its pirate-island site at -1,7,N to its fortress at -2,6,S');
    expect(laneLabel(PI.colours[1], names)).toBe('ship lane of Bot 1: 1 edge, by its pirate-island site at 3,-1,S to its fortress at 1,0,N');
  });

  test('the warships by edge, each with its seat', () => {
    const w = warshipSeats(PI);
    expect([...w]).toEqual([['2,5,SE', 0], ['1,6,NE', 0], ['4,1,NE', 1]]);
    expect(warshipSeats(null).size).toBe(0);
  });

  test('a fortress standing or fallen, and a site, in words', () => {
    expect(conquered(PI.colours[1])).toBe(true);
    expect(conquered(PI.colours[0])).toBe(false);
    expect(fortressLabel(PI.colours[0], names)).toBe('fortress of Ada at -2,6,S: 2 chits left');
    expect(fortressLabel(PI.colours[2], names)).toBe('fortress of Bot 2 at -2,5,N: 1 chit left');
    expect(fortressLabel(PI.colours[1], names)).toBe("fortress of Bot 1 at 1,0,N: conquered, now Bot 1's settlement");
    expect(fortressStatus(PI.colours[0])).toBe('fortress: 2 of 3 chits left');
    expect(fortressStatus(PI.colours[1])).toBe('fortress conquered');
    expect(siteLabel(PI.colours[2], names)).toBe('pirate-island site of Bot 2 at 0,3,S: only Bot 2 may settle here, once a ship touches it');
    const badge = fortressBadge('-2,6,S');
    const corner = cornerPoint('-2,6,S');
    expect(badge.x).toBeGreaterThan(corner.x);
    expect(badge.y).toBeLessThan(corner.y);
    expect(colourOf(PI, 2)?.colour).toBe('blue');
    expect(colourOf(PI, 3)).toBeUndefined();
  });

  test('the attack button, and the win with the fortress', () => {
    expect(attackText(0)).toBe('Attack your fortress (0 warships vs a die)');
    expect(attackText(1)).toBe('Attack your fortress (1 warship vs a die)');
    expect(attackText(3)).toBe('Attack your fortress (3 warships vs a die)');
    expect(pirateWinText(view({ phase: 'over', winner: 1 }), names)).toBe('Bot 1 wins, with their fortress conquered!');
    expect(pirateWinText(view({ phase: 'over', winner: null }), names)).toBeNull();
    expect(pirateWinText({ winner: 1 }, names)).toBeNull();
    expect(prompt(view({ phase: 'over', winner: 1 }), null, names).text).toBe('Bot 1 won the game and conquered their fortress');
  });
});

describe('The Pirate Islands: actions, prompts and events in words', () => {
  test('attacking the fortress is a panel button, not a board target', () => {
    const t = targets(legal([{ action: 'attack_fortress' }, { action: 'end_turn' }]));
    expect(t.fortress).toEqual([{ action: 'attack_fortress' }]);
    expect(t.buttons).toEqual([{ action: 'end_turn' }]);
  });

  test('a Knight makes a warship; a pick is the fleet’s reward', () => {
    expect(actionText({ action: 'play_knight' }, names)).toBe('Play a Knight');
    expect(actionText({ action: 'play_knight' }, names, { pirates: true })).toBe('Play a Knight: your farthest ship becomes a warship');
    expect(actionText({ action: 'pick_resources', cards: { ore: 1 } }, names, { pirates: true })).toBe('Take 1 ore for beating the pirate fleet');
    expect(actionText({ action: 'pick_resources', cards: { ore: 1 } }, names)).toBe('Take 1 ore for gold');
    expect(actionText({ action: 'attack_fortress' }, names)).toBe('Attack your fortress');
    expect(actionText({ action: 'fortress_die', die: 4 }, names)).toBe('The fortress die: 4');
    expect(actionText({ action: 'fleet_plunder', cards: { brick: 1, wool: 1 } }, names)).toBe('The pirate fleet takes 1 brick, 1 wool');
  });

  test('the prompts: the reward, a Knight before the roll, the attack, the 7', () => {
    // Setup: the settlement placed before setup is not one of the two to place.
    const setup = (settlements: string[]) => view({ phase: 'setup_settlement', players: [{ ...player(0), settlements }, player(1), player(2)] });
    expect(prompt(setup(['2,6,N']), legal([{ action: 'build_settlement', corner: '4,4,N' }]), names).text).toBe('Place your first settlement on the east island');
    expect(prompt(setup(['2,6,N', '4,4,N']), legal([{ action: 'build_settlement', corner: '5,2,N' }]), names).text).toBe('Place your second settlement on the east island');
    const reward = view({ phase: { step: 'fleet_reward', seat: 0 }, describe: 'seat 0 beat the pirate fleet and takes a resource from the bank' });
    expect(prompt(reward, legal([], { gold: { count: 1, from: { brick: 3, ore: 1 } } }), names)).toEqual({
      text: 'You beat the pirate fleet: take a resource from the bank',
      yours: true,
    });
    expect(prompt(view({ phase: 'before_roll' }), legal([{ action: 'roll_dice' }, { action: 'play_knight' }]), names).text).toBe(
      'Roll the dice (or play a Knight first to make a warship)',
    );
    expect(prompt(view({ phase: 'main' }), legal([{ action: 'attack_fortress' }, { action: 'end_turn' }]), names).text).toBe(
      'Build, trade or play a card, or attack your fortress (in the Pirate Islands panel: it ends your turn), then end your turn',
    );
    expect(prompt(view({ phase: 'main' }), legal([{ action: 'end_turn' }]), names).text).toBe('Build, trade or play a card, then end your turn');
    expect(prompt(view({ phase: 'moving_robber' }), legal([{ action: 'rob_player', victim: 1 }, { action: 'rob_player' }]), names).text).toBe(
      'A 7: choose a player to take a random card from (or nobody)',
    );
    // Chance's phases: the page waits, in the server's words with names.
    const battle = view({ phase: 'fortress_battle', to_act: [], describe: 'the die is rolled for the fortress seat 0 attacks' });
    expect(prompt(battle, null, names)).toEqual({ text: 'Waiting: The die is rolled for the fortress Ada attacks', yours: false });
    const plunder = view({ phase: { step: 'fleet_plunder', seat: 2 }, to_act: [], describe: 'the pirate fleet takes cards from seat 2' });
    expect(prompt(plunder, null, names).text).toBe('Waiting: The pirate fleet takes cards from Bot 2');
  });

  test('the events', () => {
    expect(eventText({ event: 'fleet_sailed', hex: '0,4', strength: 3 }, names)).toBe('The pirate fleet sailed to 0,4 with strength 3');
    expect(eventText({ event: 'fleet_attacked', seat: 0, warships: 4, strength: 3, outcome: 'won' }, names)).toBe(
      'The pirate fleet attacked Ada: 4 warships against strength 3, Ada beat it',
    );
    expect(eventText({ event: 'fleet_attacked', seat: 2, warships: 1, strength: 3, outcome: 'lost' }, names)).toBe(
      'The pirate fleet attacked Bot 2: 1 warship against strength 3, the fleet wins',
    );
    expect(eventText({ event: 'fleet_attacked', seat: 1, warships: 2, strength: 2, outcome: 'drawn' }, names)).toBe(
      'The pirate fleet attacked Bot 1: 2 warships against strength 2, a draw (nothing happens)',
    );
    expect(eventText({ event: 'fleet_plundered', seat: 2, resources: { grain: 2 } }, names)).toBe('The pirate fleet took 2 grain from Bot 2');
    expect(eventText({ event: 'fleet_beaten', seat: 0, resources: { ore: 1 } }, names)).toBe('Ada beat the pirate fleet and took 1 ore from the bank');
    expect(eventText({ event: 'fleet_left' }, names)).toBe('Every fortress has fallen: the pirate fleet leaves the game');
    expect(eventText({ event: 'warship_made', seat: 0, edge: '2,5,SE', card: 'knight' }, names)).toBe('Ada played a Knight: the ship on 2,5,SE is now a warship');
    expect(eventText({ event: 'warship_made', seat: 3, edge: '3,2,SE', card: 'victory_point' }, names)).toBe(
      'Bot 3 played a Victory Point card as a Knight: the ship on 3,2,SE is now a warship',
    );
    expect(eventText({ event: 'fortress_attacked', seat: 0, die: 2, warships: 3, chits_left: 2, ships_lost: 0 }, names)).toBe(
      'Ada attacked their fortress: 3 warships against a die of 2, the fortress lost a chit (2 left)',
    );
    expect(eventText({ event: 'fortress_attacked', seat: 0, die: 1, warships: 3, chits_left: 0, ships_lost: 0 }, names)).toBe(
      'Ada attacked their fortress: 3 warships against a die of 1, the fortress lost its last chit',
    );
    expect(eventText({ event: 'fortress_attacked', seat: 1, die: 5, warships: 1, chits_left: 3, ships_lost: 2 }, names)).toBe(
      'Bot 1 attacked their fortress: 1 warship against a die of 5, Bot 1 lost 2 ships',
    );
    expect(eventText({ event: 'fortress_attacked', seat: 1, die: 1, warships: 1, chits_left: 3, ships_lost: 1 }, names)).toBe(
      'Bot 1 attacked their fortress: 1 warship against a die of 1, Bot 1 lost 1 ship',
    );
    expect(eventText({ event: 'ship_lost', seat: 1, edge: '1,0,NE' }, names)).toBe("Bot 1's ship on 1,0,NE was lost at the fortress (back to stock)");
    expect(eventText({ event: 'fortress_conquered', seat: 2, corner: '-2,5,N' }, names)).toBe('Bot 2 conquered their fortress at -2,5,N: it is now their settlement');
  });
});
