import { describe, expect, test } from 'vitest';
import { hasBoardTargets, targets } from '../../src/lib/highlights';
import { harborTokensText, newMapSeed, previewPath } from '../../src/lib/newworld';
import { actionText, eventText, prompt } from '../../src/lib/text';
import type { ViewData } from '../../src/lib/types';
import { emptyView, legal, names } from './fixtures';

function view(extra: Partial<ViewData> = {}): ViewData {
  return emptyView({
    scenario: 'new-world', map: { id: 'new-world', hexes: [] }, phase: 'placing_harbor', turn: 0,
    describe: 'seat 0 places the ore harbor token on a coast edge', development_deck: 25,
    victory_target: 12, harbor_placement: { in_hand: 'ore', face_down: 6 }, ...extra,
  });
}

describe('The New World: harbors placed before setup (SC9-3)', () => {
  test('the legal edges the server lists are highlighted, each with its action', () => {
    const l = legal([
      { action: 'place_harbor', edge: '1,2,E' },
      { action: 'place_harbor', edge: '0,3,NE' },
    ]);
    const t = targets(l);
    expect([...t.edges.keys()].sort()).toEqual(['0,3,NE', '1,2,E']);
    expect(t.edges.get('1,2,E')).toEqual([{ action: 'place_harbor', edge: '1,2,E' }]);
    expect(t.buttons).toEqual([]);
    expect(hasBoardTargets(t)).toBe(true);
    // Nothing listed, nothing highlighted: the page decides no legality.
    expect(hasBoardTargets(targets(legal([])))).toBe(false);
  });

  test('the prompt names the token in hand', () => {
    const p = prompt(view(), legal([{ action: 'place_harbor', edge: '1,2,E' }]), names);
    expect(p.yours).toBe(true);
    expect(p.text).toContain('Place your 2:1 ore harbor');
    expect(p.text).toContain('highlighted coast edge');
    const waiting = prompt(view({ viewer: 1 }), legal([]), names);
    expect(waiting.yours).toBe(false);
  });

  test('the token in hand and those face down in words', () => {
    expect(harborTokensText({ in_hand: '3:1', face_down: 8 }, 'Ada')).toBe('Ada holds a 3:1 any harbor to place; 8 harbor tokens face down');
    expect(harborTokensText({ in_hand: null, face_down: 1 }, 'Bot 2')).toBe('1 harbor token face down: the next is being turned over for Bot 2');
    expect(harborTokensText(null, 'Ada')).toBe('');
  });

  test('the log says it in words', () => {
    expect(eventText({ event: 'harbor_turned_over', seat: 1, harbor: 'wool' }, names)).toBe('Bot 1 turned over a 2:1 wool harbor token to place');
    expect(eventText({ event: 'harbor_placed', seat: 1, harbor: 'wool', edge: '1,2,E' }, names)).toContain('Bot 1 placed a 2:1 wool harbor');
    expect(eventText({ event: 'harbors_set_aside', count: 2 }, names)).toContain('2 harbor tokens go back to the box');
    expect(actionText({ action: 'turn_over_harbor', harbor: '3:1' }, names)).toBe('The harbor token turned over: 3:1 any');
    expect(actionText({ action: 'place_harbor', edge: '1,2,E' }, names)).toContain('Place the harbor token');
  });
});

describe('The lobby draws the New World again (SC9-1)', () => {
  test('a new seed differs from the map shown', () => {
    const draws = [0.5, 0.5, 0.25];
    const random = () => draws.shift()!;
    expect(newMapSeed(2 ** 31, random)).toBe(2 ** 30);
    const seed = newMapSeed();
    expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
  });

  test('the preview asks for the scenario, the players and the seed', () => {
    expect(previewPath('new-world', 3, 77)).toBe('/api/preview?scenario=new-world&players=3&map_seed=77');
  });
});
