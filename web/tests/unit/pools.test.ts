import { describe, expect, test } from 'vitest';
import { emptyMap, paint, setSwitch, toggleHarbor } from '../../src/lib/editor/map';
import {
  fogHexes,
  fogNumberDraws,
  fogPoolName,
  giftHarborEdges,
  giftHarborPool,
  harborPool,
  MOST_POOL_TILES,
  numberDraws,
  numberPool,
  poolPips,
  poolProblems,
  setGiftHarborCount,
  setHarborCount,
  setNumberCount,
  setTerrainCount,
  shuffledHarbors,
  terrainDraws,
  terrainPool,
  usesFog,
  usesGiftHarbors,
} from '../../src/lib/editor/pools';
import type { MapFile } from '../../src/lib/types';
import type { MapProblem } from '../../src/lib/editor/file';

/** Three hexes drawn from the terrain pool beside a fixed forest. */
function drawn(): MapFile {
  let map = paint(emptyMap(), '0,0', 'forest');
  for (const at of ['1,0', '0,1', '1,1']) map = paint(map, at, 'pool');
  return map;
}

describe('the terrain pool', () => {
  test('counts its tiles against the hexes that draw from it', () => {
    let map = drawn();
    expect(terrainDraws(map, 'terrain')).toBe(3);
    map = setTerrainCount(map, 'terrain', 'fields', 2);
    map = setTerrainCount(map, 'terrain', 'desert', 1);
    expect(terrainPool(map, 'terrain')).toEqual({ fields: 2, desert: 1 });
    // A listed hex laid out anew draws too; fog waits for discovery and does not.
    const listed = { ...map, hexes: [...map.hexes, { hex: '2,0', terrain: 'hills', number: null, fixed: false }, { hex: '2,1', terrain: 'fog', number: null }] };
    expect(terrainDraws(listed, 'terrain')).toBe(4);
  });

  test('a count is bounded: no negative, no fraction, never more than 128 tiles in all', () => {
    let map = setTerrainCount(drawn(), 'terrain', 'fields', -4);
    expect(map.pools).toBeUndefined();
    map = setTerrainCount(map, 'terrain', 'fields', 2.7);
    expect(terrainPool(map, 'terrain')).toEqual({ fields: 2 });
    map = setTerrainCount(map, 'terrain', 'forest', 1e12);
    expect(terrainPool(map, 'terrain')).toEqual({ fields: 2, forest: MOST_POOL_TILES - 2 });
    expect(setTerrainCount(map, 'terrain', 'hills', Number.NaN)).toEqual(map);
  });

  test('a pool’s other fields stay, and a pool emptied that has them stays too', () => {
    const order = 'shuffled face down; draw from top';
    const map: MapFile = { ...drawn(), pools: { fog_hexes: { kind: 'terrain', contents: { sea: 1 }, order } } };
    expect(setTerrainCount(map, 'fog_hexes', 'gold', 2).pools).toEqual({ fog_hexes: { kind: 'terrain', contents: { sea: 1, gold: 2 }, order } });
    expect(setTerrainCount(map, 'fog_hexes', 'sea', 0).pools).toEqual({ fog_hexes: { kind: 'terrain', contents: {}, order } });
    const numbers: MapFile = { ...drawn(), pools: { fog_numbers: { kind: 'numbers', contents: [3], order } } };
    expect(setNumberCount(numbers, 'fog_numbers', 3, 0).pools).toEqual({ fog_numbers: { kind: 'numbers', contents: [], order } });
  });

  test('a change leaves the map it was made from alone', () => {
    const map = drawn();
    const before = JSON.stringify(map);
    setTerrainCount(map, 'terrain', 'fields', 3);
    setNumberCount(map, 'numbers', 6, 2);
    setHarborCount(map, '3:1', 1);
    setGiftHarborCount(map, 'ore', 1);
    expect(JSON.stringify(map)).toBe(before);
  });
});

describe('the number pool', () => {
  test('holds a list written in order, counted per number with its pips', () => {
    let map = setNumberCount(drawn(), 'numbers', 8, 2);
    map = setNumberCount(map, 'numbers', 3, 1);
    expect(map.pools).toEqual({ numbers: { kind: 'numbers', contents: [3, 8, 8] } });
    const counts = numberPool(map, 'numbers');
    expect(counts[8]).toBe(2);
    expect(counts[3]).toBe(1);
    expect(counts[6]).toBe(0);
    expect(7 in counts).toBe(false);
    // 3 has two pips, 8 five: 2 + 5 + 5.
    expect(poolPips(counts)).toBe(12);
    expect(setNumberCount(map, 'numbers', 7, 3)).toBe(map);
    expect(setNumberCount(setNumberCount(map, 'numbers', 8, 0), 'numbers', 3, 0).pools).toBeUndefined();
  });

  test('keeps what is no number token, for the check to name, and bounds the list at 128', () => {
    const map: MapFile = { ...drawn(), pools: { numbers: { kind: 'numbers', contents: [5, 7, 'x'] } } };
    expect(numberPool(map, 'numbers')[5]).toBe(1);
    const more = setNumberCount(map, 'numbers', 9, 1000);
    const list = (more.pools as { numbers: { contents: unknown[] } }).numbers.contents;
    expect(list).toHaveLength(MOST_POOL_TILES);
    expect(list.slice(-2)).toEqual([7, 'x']);
    expect(list.filter((n) => n === 9)).toHaveLength(MOST_POOL_TILES - 3);
  });

  test('the producing hexes that draw numbers: the pool’s producing tiles, as many as hexes draw', () => {
    let map = drawn();
    expect(numberDraws(map)).toBe(0);
    map = setTerrainCount(map, 'terrain', 'fields', 2);
    map = setTerrainCount(map, 'terrain', 'desert', 1);
    expect(numberDraws(map)).toBe(2);
    // More producing tiles than hexes: only as many numbers as hexes are drawn.
    expect(numberDraws(setTerrainCount(map, 'terrain', 'gold', 5))).toBe(3);
    // A hex whose number stays draws none.
    const kept = { ...map, hexes: map.hexes.map((h) => (h.hex === '1,0' ? { ...h, number_fixed: true } : h)) };
    expect(numberDraws(kept)).toBe(2);
    expect(numberDraws({ ...kept, hexes: kept.hexes.filter((h) => h.hex !== '0,1' && h.hex !== '1,1') })).toBe(0);
  });
});

describe('the harbor pools', () => {
  test('the harbor pool counts each type against the shuffled harbors', () => {
    let map = paint(emptyMap(), '0,0', 'forest');
    map = toggleHarbor(map, '0,0,E', 'shuffled');
    map = toggleHarbor(map, '0,0,SE', '3:1');
    expect(shuffledHarbors(map)).toBe(1);
    map = setHarborCount(map, 'wool', 1);
    map = setHarborCount(map, '3:1', 2);
    expect(harborPool(map)).toEqual({ wool: 1, '3:1': 2 });
    expect(map.pools).toEqual({ harbors: { kind: 'harbors', contents: { wool: 1, '3:1': 2 } } });
    expect(setHarborCount(setHarborCount(map, 'wool', 0), '3:1', 0).pools).toBeUndefined();
  });

  test('the gift harbor pool is used by a map with harbor gift edges', () => {
    const plain = drawn();
    expect(usesGiftHarbors(plain)).toBe(false);
    const tribe: MapFile = { ...plain, extras: { gifts: { harbor: [{ edge: '0,0,E' }, { edge: '0,0,W' }] }, villages: [] } };
    expect(usesGiftHarbors(tribe)).toBe(true);
    expect(giftHarborEdges(tribe)).toBe(2);
    const dealt = setGiftHarborCount(setGiftHarborCount(tribe, 'brick', 1), '3:1', 1);
    expect(giftHarborPool(dealt)).toEqual({ brick: 1, '3:1': 1 });
    expect((dealt.extras as Record<string, unknown>).villages).toEqual([]);
    expect(usesGiftHarbors({ ...plain, extras: { gift_harbor_pool: {} } })).toBe(true);
  });
});

describe('the fog pools', () => {
  test('are offered with fog hexes or fog discovery, and count the fog hexes', () => {
    const plain = drawn();
    expect(usesFog(plain)).toBe(false);
    expect(usesFog(setSwitch(plain, 'fog_discovery', true))).toBe(true);
    let fog = paint(paint(plain, '2,0', 'fog'), '2,1', 'fog');
    expect(usesFog(fog)).toBe(true);
    expect(fogHexes(fog)).toBe(2);
    expect(fogPoolName(fog)).toBe('fog_hexes');
    fog = setTerrainCount(fog, 'fog_hexes', 'sea', 1);
    fog = setTerrainCount(fog, 'fog_hexes', 'gold', 1);
    expect(fogNumberDraws(fog)).toBe(1);
    // Fog does not draw from the terrain pool.
    expect(terrainDraws(fog, 'terrain')).toBe(3);
    const named = { ...fog, hexes: fog.hexes.map((h) => (h.terrain === 'fog' ? { ...h, pool: 'mist' } : h)) };
    expect(fogPoolName(named)).toBe('mist');
  });
});

describe('problems at a pool', () => {
  test('are the check’s problems at its place, not another pool’s', () => {
    const problem = (at: string): MapProblem => ({ at, message: 'm', warning: false, places: [] });
    const all = [problem('pools.numbers'), problem('pools.numbers_extra'), problem('pools.terrain'), problem('hex 0,0'), problem('extras.gift_harbor_pool')];
    expect(poolProblems(all, 'pools.numbers').map((p) => p.at)).toEqual(['pools.numbers']);
    expect(poolProblems(all, 'extras.gift_harbor_pool')).toHaveLength(1);
  });
});
