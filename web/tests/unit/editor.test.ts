import { describe, expect, test } from 'vitest';
import {
  emptyMap,
  erase,
  coastEdges,
  isCoast,
  paint,
  pips,
  redNeighbours,
  removeArea,
  setNumber,
  setPirate,
  setPlayers,
  setRobber,
  setScoringArea,
  setScoring,
  scoring,
  scoringAreas,
  clearScoring,
  setSettlementArea,
  setSwitch,
  sideEdge,
  slots,
  toggleAreaHex,
  toggleHarbor,
} from '../../src/lib/editor/map';
import { setTerrainCount, terrainDraws } from '../../src/lib/editor/pools';
import { canRedo, canUndo, keyCommand, push, redo, start, undo } from '../../src/lib/editor/history';
import { fileName, mapText, problemsAt, readMapText, saveName, SAVE_NAME, whyNotPlayable } from '../../src/lib/editor/file';

const island = () => paint(paint(emptyMap(), '0,0', 'forest'), '1,0', 'hills');

describe('painting the board', () => {
  test('a new map is empty and offers a field around 0,0', () => {
    const map = emptyMap();
    expect(map.hexes).toEqual([]);
    expect(slots(map)).toHaveLength(37);
    expect(slots(map)).toContain('3,-3');
    expect(slots(map)).not.toContain('4,0');
  });

  test('painting adds a hex, and repainting changes it without touching the original', () => {
    const first = paint(emptyMap(), '0,0', 'forest');
    const second = paint(first, '0,0', 'sea');
    expect(first.hexes).toEqual([{ hex: '0,0', terrain: 'forest', number: null }]);
    expect(second.hexes).toEqual([{ hex: '0,0', terrain: 'sea', number: null }]);
    // Once there are hexes, the field is the hexes and their neighbours.
    expect(slots(first).sort()).toEqual(['0,0', '1,-1', '1,0', '0,1', '-1,1', '-1,0', '0,-1'].sort());
  });

  test('a number stays only on producing land and gold', () => {
    let map = setNumber(island(), '0,0', 6);
    expect(map.hexes[0].number).toBe(6);
    map = paint(map, '0,0', 'gold');
    expect(map.hexes[0].number).toBe(6);
    map = paint(map, '0,0', 'desert');
    expect(map.hexes[0].number).toBeNull();
  });

  test('a pool hex draws its terrain from the terrain pool', () => {
    const map = paint(island(), '0,1', 'pool');
    expect(map.hexes[2]).toMatchObject({ hex: '0,1', terrain: null, pool: 'terrain', fixed: false });
    expect(terrainDraws(map, 'terrain')).toBe(1);
    const stocked = setTerrainCount(map, 'terrain', 'fields', 1);
    expect(stocked.pools).toEqual({ terrain: { kind: 'terrain', contents: { fields: 1 } } });
    expect(setTerrainCount(stocked, 'terrain', 'fields', 0).pools).toBeUndefined();
  });

  test('pips count the rolls that make a number', () => {
    expect([2, 3, 4, 5, 6, 8, 9, 10, 11, 12].map(pips)).toEqual([1, 2, 3, 4, 5, 5, 4, 3, 2, 1]);
    expect(pips(7)).toBe(0);
  });

  test('a 6 beside an 8 is found, a 6 two hexes from an 8 is not', () => {
    let map = setNumber(setNumber(island(), '0,0', 6), '1,0', 8);
    expect(redNeighbours(map)).toEqual([['0,0', '1,0']]);
    map = paint(map, '2,0', 'fields');
    map = setNumber(setNumber(map, '1,0', 5), '2,0', 8);
    expect(redNeighbours(map)).toEqual([]);
  });
});

describe('harbors, robber, pirate', () => {
  test('a harbor goes on a coast only, and toggles off with the same type', () => {
    const map = island();
    const east = sideEdge('1,0', 'E');
    expect(east).toBe('1,0,E');
    expect(isCoast(map, east)).toBe(true);
    // Between the two land hexes there is no coast.
    expect(isCoast(map, '0,0,E')).toBe(false);
    expect(toggleHarbor(map, '0,0,E', '3:1')).toBe(map);
    const one = toggleHarbor(map, east, '3:1');
    expect(one.harbors).toEqual([{ edge: '1,0,E', type: '3:1' }]);
    expect(toggleHarbor(one, east, 'ore').harbors).toEqual([{ edge: '1,0,E', type: 'ore' }]);
    expect(toggleHarbor(one, east, '3:1').harbors).toEqual([]);
  });

  test('the coast edges are the sides of land that face sea or the frame, each once', () => {
    const map = island();
    const coast = coastEdges(map);
    expect(coast).toHaveLength(10);
    expect(new Set(coast).size).toBe(10);
    expect(coast).toContain('1,0,E');
    expect(coast).not.toContain('0,0,E');
    expect(coastEdges(paint(map, '2,0', 'sea'))).toHaveLength(10);
    expect(coastEdges(paint(map, '2,0', 'pasture'))).not.toContain('1,0,E');
    expect(coastEdges(paint(map, '2,0', 'fog'))).not.toContain('1,0,E');
  });

  test('the west side of a hex is its western neighbour\'s east edge', () => {
    expect(sideEdge('1,0', 'W')).toBe('0,0,E');
    expect(sideEdge('1,0', 'NW')).toBe('1,-1,SE');
    expect(sideEdge('1,0', 'SW')).toBe('0,1,NE');
  });

  test('a harbor, robber or pirate whose hex changes under it is taken off', () => {
    let map = toggleHarbor(island(), '1,0,E', 'wool');
    map = setRobber(map, '1,0');
    map = paint(map, '2,0', 'sea');
    map = setPirate(map, '2,0');
    expect(map.pirate).toEqual({ used: true, start: '2,0' });
    map = paint(map, '2,0', 'forest');
    expect(map.pirate).toEqual({ used: true, start: null });
    expect(map.harbors).toEqual([]);
    map = erase(map, '1,0');
    expect(map.robber).toEqual({ start: null });
  });
});

describe('areas and settings', () => {
  test('areas hold land hexes; starting and scoring areas name them', () => {
    let map = toggleAreaHex(island(), 'home', '0,0');
    map = toggleAreaHex(map, 'home', '1,0');
    map = setSettlementArea(map, 'home', true);
    map = toggleAreaHex(map, 'away', '1,0');
    map = setScoringArea(map, 'away', true);
    expect(map.areas).toEqual({ home: ['0,0', '1,0'], away: ['1,0'] });
    expect(map.setup).toEqual({ allowed_areas: ['home'] });
    expect(map.special_vp).toEqual({ kind: 'first-settlement-per-area', value: 2, areas: ['away'] });
    map = removeArea(map, 'home');
    expect(map.areas).toEqual({ away: ['1,0'] });
    expect(map.setup).toEqual({ allowed_areas: [] });
    expect(setScoringArea(map, 'away', false).special_vp).toBeUndefined();
    // An area loses a hex painted sea.
    expect(paint(map, '1,0', 'sea').areas).toEqual({ away: [] });
  });

  test('the scoring areas score a first settlement each or foreign islands escalating', () => {
    let map = toggleAreaHex(island(), 'away', '1,0');
    expect(setScoring(map, { kind: 'first-settlement-per-area', value: 3 }).special_vp).toBeUndefined();
    map = setScoringArea(map, 'away', true);
    expect(scoring(map)).toEqual({ kind: 'first-settlement-per-area', value: 2 });
    map = setScoring(map, { kind: 'first-settlement-per-area', value: 99 });
    expect(map.special_vp).toEqual({ kind: 'first-settlement-per-area', areas: ['away'], value: 10 });
    map = setScoring(map, { kind: 'foreign-island-escalating', first_foreign: 1, each_further_foreign: -4 });
    expect(map.special_vp).toEqual({ kind: 'foreign-island-escalating', areas: ['away'], first_foreign: 1, each_further_foreign: 0 });
    expect(scoring(map)).toEqual({ kind: 'foreign-island-escalating', first_foreign: 1, each_further_foreign: 0 });
    // Another area added keeps the kind.
    map = toggleAreaHex(map, 'far', '0,0');
    map = setScoringArea(map, 'far', true);
    expect(map.special_vp).toEqual({ kind: 'foreign-island-escalating', areas: ['away', 'far'], first_foreign: 1, each_further_foreign: 0 });
    // Islands away from one's start need no areas (SC9-6).
    map = setScoring(map, { kind: 'islands-away', value: 2 });
    expect(map.special_vp).toEqual({ kind: 'first-settlement-per-area', value: 2 });
    expect(scoring(map)).toEqual({ kind: 'islands-away', value: 2 });
    expect(scoringAreas(map)).toEqual([]);
    expect(clearScoring(map).special_vp).toBeUndefined();
    expect(scoring(clearScoring(map))).toEqual({ kind: 'first-settlement-per-area', value: 2 });
  });

  test('player counts and rule switches', () => {
    let map = setPlayers(emptyMap(), 2, true);
    expect(map.players).toEqual([2, 3, 4]);
    map = setPlayers(map, 4, false);
    expect(map.players).toEqual([2, 3]);
    map = setSwitch(map, 'pirate', true);
    expect(map.rules).toEqual({ pirate: true });
    expect(setSwitch(map, 'pirate', false).rules).toBeUndefined();
  });
});

describe('undo and redo', () => {
  test('undo steps back, redo forward, a new change drops what was undone', () => {
    let h = start('a');
    h = push(h, 'b');
    h = push(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe('c');
    h = push(undo(undo(h)), 'x');
    expect(h).toEqual({ past: ['a'], present: 'x', future: [] });
    expect(undo(start('only'))).toEqual(start('only'));
  });

  test('the history keeps at most its limit', () => {
    let h = start(0);
    for (let i = 1; i <= 10; i++) h = push(h, i, 4);
    expect(h.past).toEqual([6, 7, 8, 9]);
  });

  test('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, a plain Z does nothing', () => {
    const key = (key: string, ctrlKey = true, shiftKey = false) => keyCommand({ key, ctrlKey, metaKey: false, shiftKey });
    expect(key('z')).toBe('undo');
    expect(key('Z', true, true)).toBe('redo');
    expect(key('y')).toBe('redo');
    expect(key('z', false)).toBeNull();
  });
});

describe('the file and the check', () => {
  test('the file text names the format and reads back', () => {
    const text = mapText(setNumber(island(), '0,0', 5));
    expect(text.startsWith('{\n  "format": "settlers-map",\n  "version": 1,')).toBe(true);
    const read = readMapText(text);
    expect('map' in read && read.map.hexes[0].number).toBe(5);
    expect(readMapText('{"hexes": 3}')).toEqual({ error: 'the file is not a map: it lists no `hexes`' });
    expect(readMapText('[1]')).toEqual({ error: 'the file is not a map: a map is a JSON object' });
    expect('error' in readMapText('{oops')).toBe(true);
    expect(fileName({ ...emptyMap(), id: 'two isles/..' })).toBe('two-isles.json');
  });

  test('problems are found at their hexes, and the reason to wait is in words', () => {
    const problems = [
      { at: 'hex 2,0', message: '`lava` is not a terrain', warning: false, places: [{ hex: '2,0' }] },
      { at: 'hexes 0,0 and 1,0', message: 'a 6 or 8 next to another', warning: true, places: [{ hex: '0,0' }, { hex: '1,0' }] },
    ];
    expect(problemsAt(problems, 'hex', '1,0').map((p) => p.at)).toEqual(['hexes 0,0 and 1,0']);
    expect(problemsAt(problems, 'edge', '1,0')).toEqual([]);
    expect(whyNotPlayable({ valid: false, problems }, false)).toBe('The map has 1 problem: hex 2,0: `lava` is not a terrain');
    expect(whyNotPlayable({ valid: true, problems }, false)).toBeNull();
    expect(whyNotPlayable(null, true)).toBe('The map is being checked.');
  });

  test('a save name is lowercase words and hyphens', () => {
    expect(saveName('Two Isles & a Strait!')).toBe('two-isles-a-strait');
    expect(SAVE_NAME.test('two-isles')).toBe(true);
    expect(SAVE_NAME.test('-two')).toBe(false);
    expect(SAVE_NAME.test('Two')).toBe(false);
  });
});

describe('the editor page', () => {
  test('/editor is the editor, with or without a map to open', async () => {
    const { route } = await import('../../src/lib/route');
    expect(route({ pathname: '/editor', search: '' })).toEqual({ page: 'editor' });
    expect(route({ pathname: '/editor/', search: '?map=two-isles' })).toEqual({ page: 'editor' });
    expect(route({ pathname: '/editors', search: '' })).toEqual({ page: 'lobby' });
  });
});
