// The pools a map's variable and random layouts draw from (docs/map-format.md, "Pools"):
// what each holds, how many draws the map will make from it, and changes to its counts.
// Pure functions, as in map.ts: each change returns a new map.
//
// - `pools.terrain` (kind `terrain`): one tile per hex painted "from the pool".
// - `pools.numbers` (kind `numbers`): a list of number tokens, dealt onto the producing hexes
//   that are laid out anew; without it those hexes keep their listed numbers, shuffled.
// - `pools.harbors` (kind `harbors`): one type per `shuffled` harbor.
// - `pools.fog_hexes` (kind `terrain`) and `pools.fog_numbers` (kind `numbers`): what a fog
//   hex turns into when a road or ship reaches it (`rules.fog_discovery`, SC3-6).
// - `extras.gift_harbor_pool`: the Forgotten Tribe's harbor tokens, one at least per harbor
//   gift edge (`extras.gifts.harbor`, SC5-6).

import type { HexEntry, MapFile } from '../types';
import { NUMBERS, POOL_TERRAINS, bounded, takesNumber } from './map';
import type { MapProblem } from './file';

/** One count of a pool's editor: a terrain, number or harbor type, and how many the pool holds. */
export interface PoolItem {
  key: string;
  label: string;
  count: number;
  /** The dots under a number token. */
  pips?: number;
  /** A 6 or an 8. */
  hot?: boolean;
}

/** The most tiles a terrain pool and numbers a number pool hold: the most hexes a map may have. */
export const MOST_POOL_TILES = 128;
/** The most harbor types a harbor pool, and tokens the gift harbor pool, hold: the most edges. */
export const MOST_POOL_HARBORS = 256;

/** The types a harbor pool holds: 3:1 and the five 2:1. */
export const POOL_HARBOR_TYPES = ['3:1', 'brick', 'lumber', 'wool', 'grain', 'ore'] as const;

/** The pool the fog hexes draw from: the one their entries name, `fog_hexes` otherwise. */
export function fogPoolName(map: MapFile): string {
  const named = map.hexes.find((h) => h.terrain === 'fog' && typeof h.pool === 'string');
  return typeof named?.pool === 'string' ? named.pool : 'fog_hexes';
}
export const FOG_NUMBERS = 'fog_numbers';

/** Where the server's check names a pool's problems (`pools.NAME`, `extras.gift_harbor_pool`). */
export const poolPlace = (name: string) => `pools.${name}`;
export const GIFT_HARBOR_PLACE = 'extras.gift_harbor_pool';

/** The errors and warnings the check found at one pool, for the pool's editor. */
export function poolProblems(problems: MapProblem[], place: string): MapProblem[] {
  return problems.filter((p) => p.at === place || p.at.startsWith(`${place}:`) || p.at.startsWith(`${place}.`));
}

function copy(map: MapFile): MapFile {
  return JSON.parse(JSON.stringify(map));
}

type Pools = Record<string, { kind?: string; contents?: unknown }>;

function poolsOf(map: MapFile): Pools {
  const pools = map.pools;
  return pools && typeof pools === 'object' && !Array.isArray(pools) ? (pools as Pools) : {};
}

/**
 * The map with pool `name` holding `contents` as a pool of `kind`, or taken out when `contents`
 * is `null`. Other fields of the pool (a reference board's `order`) are kept, and so is a pool
 * emptied that has them.
 */
function withPool(map: MapFile, name: string, kind: string, contents: unknown | null): MapFile {
  const out = copy(map);
  const all = { ...poolsOf(out) };
  const { kind: _k, contents: _c, ...others } = all[name] ?? {};
  if (contents !== null) all[name] = { ...others, kind, contents };
  else if (Object.keys(others).length > 0) all[name] = { ...others, kind, contents: kind === 'numbers' ? [] : {} };
  else delete all[name];
  if (Object.keys(all).length > 0) out.pools = all;
  else delete out.pools;
  return out;
}

function counted(contents: unknown): Record<string, number> {
  if (!contents || typeof contents !== 'object' || Array.isArray(contents)) return {};
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(contents)) if (typeof v === 'number') out[k] = v;
  return out;
}

const total = (counts: Record<string | number, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Sets one entry of a `{"name": count}` table, bounded so that the whole holds at most `most`. */
function setCounted(counts: Record<string, number>, key: string, count: number, most: number): Record<string, number> {
  const others = total(counts) - (counts[key] ?? 0);
  const n = bounded(count, Math.max(0, most - others));
  const out = { ...counts };
  if (n > 0) out[key] = n;
  else delete out[key];
  return out;
}

// ---- terrain pools (`terrain`, `fog_hexes`) -------------------------------------------

/** Each terrain's count in the terrain pool `name` (0 for those it lacks). */
export function terrainPool(map: MapFile, name: string): Record<string, number> {
  return counted(poolsOf(map)[name]?.contents);
}

/** Sets how many tiles of a terrain the terrain pool `name` holds (0 takes them out; an empty pool goes). */
export function setTerrainCount(map: MapFile, name: string, terrain: string, count: number): MapFile {
  const contents = setCounted(terrainPool(map, name), terrain, count, MOST_POOL_TILES);
  return withPool(map, name, 'terrain', Object.keys(contents).length > 0 ? contents : null);
}

/** Whether a hex stays as listed in every layout: `fixed`, by default when it has a terrain and no pool. */
const isFixed = (h: HexEntry) => (typeof h.fixed === 'boolean' ? h.fixed : h.terrain != null && h.pool == null);
/** Whether a hex draws its terrain from a pool: fog waits for discovery; the rest, unless fixed with a terrain. */
const poolOf = (h: HexEntry) => (typeof h.pool === 'string' ? h.pool : 'terrain');
const drawsTerrain = (h: HexEntry) => h.terrain !== 'fog' && (h.terrain == null || !isFixed(h));

/** How many hexes draw their terrain from the pool `name`: those painted "from the pool", and listed ones laid out anew. */
export function terrainDraws(map: MapFile, name: string): number {
  return map.hexes.filter((h) => drawsTerrain(h) && poolOf(h) === name).length;
}

/** How many fog hexes the map has: each draws a tile from the fog pool when it is discovered. */
export function fogHexes(map: MapFile): number {
  return map.hexes.filter((h) => h.terrain === 'fog').length;
}

// ---- number pools (`numbers`, `fog_numbers`) ------------------------------------------

/** How many of each number token 2-12 (7 is none) the number pool `name` holds. */
export function numberPool(map: MapFile, name: string): Record<number, number> {
  const out: Record<number, number> = Object.fromEntries(NUMBERS.map((n) => [n, 0]));
  const contents = poolsOf(map)[name]?.contents;
  if (Array.isArray(contents)) for (const n of contents) if (typeof n === 'number' && n in out) out[n] += 1;
  return out;
}

/** Whether the map has a number pool `name` at all. */
export function hasPool(map: MapFile, name: string): boolean {
  return name in poolsOf(map);
}

/**
 * Sets how many tokens of the number `n` the number pool `name` holds. The list is written in
 * order, 2 to 12; an empty one goes, so the layout falls back on the hexes' own numbers.
 * Entries that are not number tokens are kept, for the check to name.
 */
export function setNumberCount(map: MapFile, name: string, n: number, count: number): MapFile {
  if (!(NUMBERS as readonly number[]).includes(n)) return map;
  const counts = numberPool(map, name);
  const contents = poolsOf(map)[name]?.contents;
  const strays = Array.isArray(contents) ? contents.filter((x) => !(typeof x === 'number' && (NUMBERS as readonly number[]).includes(x))) : [];
  counts[n] = bounded(count, Math.max(0, MOST_POOL_TILES - strays.length - (total(counts) - counts[n])));
  const list: unknown[] = NUMBERS.flatMap((k) => Array.from({ length: counts[k] }, () => k));
  list.push(...strays);
  return withPool(map, name, 'numbers', list.length > 0 ? list : null);
}

/** The pips a number pool's tokens show in all: how many of the 36 rolls of two dice pay them. */
export function poolPips(counts: Record<number, number>): number {
  return NUMBERS.reduce((sum, n) => sum + counts[n] * (6 - Math.abs(7 - n)), 0);
}

/**
 * How many producing hexes will draw a number when the board is laid out: the hexes laid out
 * anew (drawn from a pool, or listed with `fixed: false`) whose tile is producing land or gold,
 * less those whose number stays (`number_fixed`). A hex drawn from a pool counts as its pool's
 * share of producing tiles: all of it when the pool holds one tile per hex.
 */
export function numberDraws(map: MapFile): number {
  const drawn = map.hexes.filter((h) => drawsTerrain(h) && !isFixed(h) && h.number_fixed !== true);
  const byPool = new Map<string, number>();
  for (const h of drawn) byPool.set(poolOf(h), (byPool.get(poolOf(h)) ?? 0) + 1);
  let draws = 0;
  for (const [name, hexes] of byPool) {
    const tiles = terrainPool(map, name);
    const producing = Object.entries(tiles)
      .filter(([t]) => takesNumber(t))
      .reduce((a, [, n]) => a + n, 0);
    draws += Math.min(hexes, producing);
  }
  return draws;
}

/** How many fog hexes will need a number: the producing tiles of the fog's terrain pool. */
export function fogNumberDraws(map: MapFile): number {
  return Object.entries(terrainPool(map, fogPoolName(map)))
    .filter(([t]) => takesNumber(t))
    .reduce((a, [, n]) => a + n, 0);
}

// ---- harbor pools (`harbors`, `extras.gift_harbor_pool`) ------------------------------

/** Each harbor type's count in the harbor pool. */
export function harborPool(map: MapFile): Record<string, number> {
  return counted(poolsOf(map).harbors?.contents);
}

export function setHarborCount(map: MapFile, type: string, count: number): MapFile {
  const contents = setCounted(harborPool(map), type, count, MOST_POOL_HARBORS);
  return withPool(map, 'harbors', 'harbors', Object.keys(contents).length > 0 ? contents : null);
}

/** How many harbors draw their type from the harbor pool: the `shuffled` ones. */
export function shuffledHarbors(map: MapFile): number {
  return (map.harbors ?? []).filter((h) => h.type === 'shuffled').length;
}

type Extras = { gifts?: { harbor?: unknown[] }; gift_harbor_pool?: unknown; [k: string]: unknown };

function extrasOf(map: MapFile): Extras {
  const e = map.extras;
  return e && typeof e === 'object' && !Array.isArray(e) ? (e as Extras) : {};
}

/** The harbor gift edges (`extras.gifts.harbor`): each takes a token of the gift harbor pool. */
export function giftHarborEdges(map: MapFile): number {
  const list = extrasOf(map).gifts?.harbor;
  return Array.isArray(list) ? list.length : 0;
}

/** Whether the map uses the gift harbor pool: it has one, or harbor gift edges to deal onto. */
export function usesGiftHarbors(map: MapFile): boolean {
  return 'gift_harbor_pool' in extrasOf(map) || giftHarborEdges(map) > 0;
}

export function giftHarborPool(map: MapFile): Record<string, number> {
  return counted(extrasOf(map).gift_harbor_pool);
}

export function setGiftHarborCount(map: MapFile, type: string, count: number): MapFile {
  const out = copy(map);
  const extras = { ...extrasOf(out) };
  extras.gift_harbor_pool = setCounted(giftHarborPool(map), type, count, MOST_POOL_HARBORS);
  out.extras = extras;
  return out;
}

// ---- which pools the editor offers ----------------------------------------------------

/** Whether the map's fog pools matter: it has fog hexes, or switches fog discovery on. */
export function usesFog(map: MapFile): boolean {
  return fogHexes(map) > 0 || map.rules?.fog_discovery === true;
}

/** The terrains a fog hex can turn into: those of a terrain pool. */
export const FOG_TERRAINS = POOL_TERRAINS;
