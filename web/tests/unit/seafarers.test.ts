import { describe, expect, test } from 'vitest';
import { hasBoardTargets, targets } from '../../src/lib/highlights';
import {
  giftLabel, giftText, harborText, mapGifts, markedCorners, placedGiftHarbors, stagesOf, wonderRequirement, wonderStatus, wonderTitle, wonderWinCondition, wonderWinText, WONDERS,
} from '../../src/lib/seafarers';
import { winText } from '../../src/lib/end';
import { actionText, eventText, prompt } from '../../src/lib/text';
import type { GiftView, MapFile, ViewData } from '../../src/lib/types';
import { emptyView, legal, names, player } from './fixtures';

function view(extra: Partial<ViewData> = {}): ViewData {
  return emptyView({
    scenario: 'forgotten-tribe', phase: 'main', describe: 'seat 0 builds and trades', victory_target: 13, ...extra,
  });
}

describe('The Wonders of Catan', () => {
  test('every wonder has a title and a requirement in words', () => {
    for (const w of WONDERS) {
      expect(wonderTitle(w)).not.toContain('_');
      expect(wonderRequirement(w).length).toBeGreaterThan(3);
    }
    expect(wonderTitle('great_bridge')).toBe('Great Bridge');
    expect(wonderRequirement('cathedral')).toBe('1 city and at least 6 victory points');
  });

  test('the panel says how the game is won', () => {
    expect(wonderWinCondition(10)).toBe(
      'Win in your turn by building all 4 stages of your wonder, or with 10 points and more stages built than anyone else. Stages give no points.',
    );
  });

  describe('the end says why the winner won', () => {
    const wonder = (w: string, owner: number | null, stages: number) => ({ wonder: w, owner, stages, cost: {}, meets: [] });
    // The game the QA pass saw: Bot 2 wins with 10 points against 15, 13 and 12.
    const points = [15, 13, 10, 12];
    const over = (wonders: ReturnType<typeof wonder>[], winner = 2) =>
      view({
        scenario: 'wonders-of-catan', phase: 'over', winner, victory_target: 10, wonders,
        players: [0, 1, 2, 3].map((s) => ({ ...player(s), victory_points: points[s] })),
      });

    test('the target with more stages than everyone else', () => {
      const v = over([wonder('theater', 2, 2), wonder('great_wall', 0, 1), wonder('monument', null, 0)]);
      expect(stagesOf(v.wonders, 2)).toBe(2);
      expect(stagesOf(v.wonders, 3)).toBe(0);
      expect(wonderWinText(v, names)).toBe('Bot 2 wins, with 10 points and more wonder stages than anyone else (2 against 1)!');
      expect(prompt(v, null, names).text).toBe('Bot 2 won the game, with 10 points and more wonder stages than anyone else (2 against 1)');
      expect(wonderWinText(over([wonder('theater', 2, 1)]), names)).toBe('Bot 2 wins, with 10 points and more wonder stages than anyone else (1 against 0)!');
    });

    test('a wonder finished, whatever the points', () => {
      const v = over([wonder('cathedral', 2, 4), wonder('great_wall', 0, 3)]);
      v.players[2].victory_points = 7;
      expect(wonderWinText(v, names)).toBe('Bot 2 wins, with their Cathedral finished!');
      expect(prompt(v, null, names).text).toBe('Bot 2 won the game, with their Cathedral finished');
    });

    test('nothing to add when the view shows neither, or in another game', () => {
      // Tied on stages, or short of the target: not a win the view explains.
      expect(wonderWinText(over([wonder('theater', 2, 1), wonder('great_wall', 0, 1)]), names)).toBeNull();
      const short = over([wonder('theater', 2, 2)]);
      short.players[2].victory_points = 9;
      expect(wonderWinText(short, names)).toBeNull();
      expect(wonderWinText({ ...over([]), wonders: null }, names)).toBeNull();
      expect(wonderWinText(over([wonder('theater', 2, 2)], null as unknown as number), names)).toBeNull();
      expect(winText(short, names)).toBe('Bot 2 wins!');
    });
  });

  test('a wonder is unclaimed, or its owner and stages', () => {
    const w = { wonder: 'theater', owner: null, stages: 0, cost: { brick: 1, lumber: 1, wool: 3 }, meets: [] };
    expect(wonderStatus(w, names)).toBe('unclaimed');
    expect(wonderStatus({ ...w, owner: 1, stages: 2 }, names)).toBe('Bot 1 · 2 of 4 stages');
  });

  test('the marked corners come from the map extras', () => {
    const map: MapFile = { id: 'wonders', hexes: [], extras: { great_wall_sites: ['3,4,N', 4], great_bridge_sites: ['0,5,S'], no_setup_corners: ['-1,7,N'] } };
    expect(markedCorners(map)).toEqual({ great_wall: ['3,4,N'], great_bridge: ['0,5,S'], no_setup: ['-1,7,N'] });
    expect(markedCorners({ id: 'base', hexes: [] })).toEqual({ great_wall: [], great_bridge: [], no_setup: [] });
  });

  test('claiming and building are buttons, not board targets', () => {
    const t = targets(legal([{ action: 'claim_wonder', wonder: 'theater' }, { action: 'build_wonder_stage' }, { action: 'end_turn' }]));
    expect(t.wonders.map((a) => a.action)).toEqual(['claim_wonder', 'build_wonder_stage']);
    expect(t.buttons).toEqual([{ action: 'end_turn' }]);
    expect(hasBoardTargets(t)).toBe(false);
  });

  test('actions, events and the prompt in words', () => {
    expect(actionText({ action: 'claim_wonder', wonder: 'great_wall' })).toBe('Claim the Great Wall (costs a ship from stock)');
    expect(actionText({ action: 'build_wonder_stage' })).toBe('Build a stage of your wonder');
    expect(eventText({ event: 'wonder_claimed', seat: 2, wonder: 'monument' }, names)).toBe('Bot 2 claimed the Monument (a ship from stock leaves play)');
    expect(eventText({ event: 'wonder_stage_built', seat: 0, wonder: 'cathedral', stage: 3 }, names)).toBe('Ada built stage 3 of 4 of the Cathedral');
    const wonders = [{ wonder: 'theater', owner: null, stages: 0, cost: {}, meets: [0] }];
    const p = prompt(view({ scenario: 'wonders-of-catan', wonders }), legal([{ action: 'claim_wonder', wonder: 'theater' }, { action: 'end_turn' }]), names);
    expect(p).toEqual({ text: 'Build, trade or play a card (you may claim a wonder in the Wonders panel), then end your turn', yours: true });
  });
});

describe('The Forgotten Tribe', () => {
  const gifts: GiftView[] = [
    { edge: '1,0,NE', gift: 'special_vp', taken_by: null },
    { edge: '0,0,E', gift: 'development_card', taken_by: 2 },
    { edge: '1,-1,SE', gift: 'harbor', harbor: 'wool', taken_by: 1, placed_at: '0,1,SE' },
    { edge: '6,2,NE', gift: 'harbor', harbor: '3:1', taken_by: 3, waiting: true },
  ];

  test('gifts in words, with who took them', () => {
    expect(harborText('3:1')).toBe('3:1 any');
    expect(harborText('ore')).toBe('2:1 ore');
    expect(giftText(gifts[0])).toBe('a special victory point');
    expect(giftText(gifts[1])).toBe('a development card (face down)');
    expect(giftLabel(gifts[0], names)).toBe('gift on 1,0,NE: a special victory point');
    expect(giftLabel(gifts[1], names)).toBe('gift on 0,0,E: a development card (face down), taken by Bot 2');
    expect(giftLabel(gifts[2], names)).toBe('gift on 1,-1,SE: a 2:1 wool harbor, taken by Bot 1, placed at 0,1,SE');
    expect(giftLabel(gifts[3], names)).toBe('gift on 6,2,NE: a 3:1 any harbor, taken by Bot 3, waiting for a site');
  });

  test('placed gift harbors are drawn like the map harbors', () => {
    expect(placedGiftHarbors(gifts)).toEqual([{ edge: '0,1,SE', type: 'wool' }]);
    expect(placedGiftHarbors(null)).toEqual([]);
  });

  test('a preview lays the gifts out from the map', () => {
    const map: MapFile = {
      id: 'forgotten-tribe',
      hexes: [],
      extras: { gifts: { special_vp: [{ edge: '1,0,NE' }], development_card: [{ edge: '0,0,E' }], harbor: [{ edge: '1,-1,SE' }] } },
      gift_harbors: [{ edge: '1,-1,SE', type: 'brick' }],
    };
    expect(mapGifts(map)).toEqual([
      { edge: '1,0,NE', gift: 'special_vp', taken_by: null },
      { edge: '0,0,E', gift: 'development_card', taken_by: null },
      { edge: '1,-1,SE', gift: 'harbor', taken_by: null, harbor: 'brick' },
    ]);
    expect(mapGifts({ id: 'base', hexes: [] })).toEqual([]);
  });

  test('a gift harbor is placed on a highlighted edge; several types at one edge are a choice', () => {
    const t = targets(
      legal([
        { action: 'place_gift_harbor', edge: '0,1,SE', harbor: 'wool' },
        { action: 'place_gift_harbor', edge: '0,1,SE', harbor: '3:1' },
        { action: 'place_gift_harbor', edge: '1,1,E', harbor: 'wool' },
      ]),
    );
    expect([...t.edges.keys()]).toEqual(['0,1,SE', '1,1,E']);
    expect(t.edges.get('0,1,SE')!.length).toBe(2);
    expect(t.buttons).toEqual([]);
  });

  test('actions, events and the prompts in words', () => {
    expect(actionText({ action: 'place_gift_harbor', edge: '0,1,SE', harbor: 'wool' })).toBe('Place the 2:1 wool harbor at 0,1,SE');
    expect(actionText({ action: 'reveal_gift_card', card: 'monopoly' })).toBe('The gift card is Monopoly');
    expect(eventText({ event: 'gift_taken', seat: 1, edge: '1,0,NE', gift: 'special_vp', harbor: null }, names)).toBe('Bot 1 took the gift on 1,0,NE: a special victory point');
    expect(eventText({ event: 'gift_taken', seat: 1, edge: '1,-1,SE', gift: 'harbor', harbor: 'ore' }, names)).toBe('Bot 1 took the gift on 1,-1,SE: a 2:1 ore harbor');
    expect(eventText({ event: 'gift_card_taken', seat: 0, card: 'knight' }, names)).toBe('Ada took the gift card (Knight) into their hand');
    expect(eventText({ event: 'gift_card_taken', seat: 2, card: null }, names)).toBe('Bot 2 took the gift card into their hand');
    expect(eventText({ event: 'harbor_placed', seat: 3, edge: '0,1,SE', harbor: '3:1' }, names)).toBe('Bot 3 placed a 3:1 any harbor at 0,1,SE');
    const one = prompt(view({ phase: 'placing_gift_harbor' }), legal([{ action: 'place_gift_harbor', edge: '0,1,SE', harbor: 'wool' }]), names);
    expect(one).toEqual({ text: 'Place your 2:1 wool harbor: choose a highlighted coast edge beside your settlement or city', yours: true });
    const two = prompt(
      view({ phase: 'placing_gift_harbor' }),
      legal([{ action: 'place_gift_harbor', edge: '0,1,SE', harbor: 'wool' }, { action: 'place_gift_harbor', edge: '0,1,SE', harbor: '3:1' }]),
      names,
    );
    expect(two.text).toBe('Place one of your gift harbors: choose a highlighted coast edge beside your settlement or city');
    const waiting = prompt(view({ phase: 'drawing_gift', describe: 'the gift card seat 1 claimed is being turned over' }), null, names);
    expect(waiting).toEqual({ text: 'Waiting: The gift card Bot 1 claimed is being turned over', yours: false });
  });
});
