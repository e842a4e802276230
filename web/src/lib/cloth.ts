// Cloth for Catan on the page (shared/rules/scenarios.md, Scenario 6): the villages where the
// map puts them, where their marks are drawn, and the cloth in words. Who trades, how much
// cloth lies where and who won are the server's to say.

import { SIZE, cornerHexes, cornerPoint, hexCentreOf, type Point } from './geometry';
import { listText } from './words';
import type { ClothView, MapFile, VillageView } from './types';

/** Cloth per victory point when the map does not say (SC6-6). */
export const CLOTH_PER_VP = 2;

/** The game ends when fewer villages than this still hold cloth (SC6-9). */
export const VILLAGES_TO_GO_ON = 4;

/** What a point costs in cloth: the map's `special_vp.cloth_per_vp`, else 2. */
export function clothPerPoint(map: Pick<MapFile, 'special_vp'>): number {
  const n = map.special_vp?.kind === 'cloth' ? map.special_vp.cloth_per_vp : undefined;
  return typeof n === 'number' && n > 0 ? n : CLOTH_PER_VP;
}

/** The points `cloth` makes (SC6-6: ⌊cloth / 2⌋). */
export function clothPoints(cloth: number, perPoint = CLOTH_PER_VP): number {
  return Math.floor(cloth / perPoint);
}

interface MapVillage {
  corner: string;
  number: number;
  cloth: number;
  tribe_hex?: string;
}

/** The map's `extras.villages`, with what does not read as a village left out. */
function mapVillageList(map: MapFile): MapVillage[] {
  const extras = (map.extras ?? {}) as Record<string, unknown>;
  const list = Array.isArray(extras.villages) ? (extras.villages as Record<string, unknown>[]) : [];
  return list
    .filter((v) => v && typeof v.corner === 'string' && typeof v.number === 'number')
    .map((v) => ({
      corner: v.corner as string,
      number: v.number as number,
      // SC6-2: 5 cloth each when the map does not say.
      cloth: typeof v.cloth === 'number' ? v.cloth : 5,
      ...(typeof v.tribe_hex === 'string' ? { tribe_hex: v.tribe_hex } : {}),
    }));
}

/** The villages as the map lays them out, none trading yet: for a board without a view (a preview). */
export function mapVillages(map: MapFile): VillageView[] {
  return mapVillageList(map).map((v) => ({ corner: v.corner, number: v.number, cloth: v.cloth, traders: [] }));
}

/**
 * The tribe island a village's marks are drawn on: the map's `tribe_hex` for it, else the one
 * land hex at its corner (the others are sea), else the hex that names the corner.
 */
export function villageHex(corner: string, map: MapFile): string {
  const named = mapVillageList(map).find((v) => v.corner === corner)?.tribe_hex;
  if (named) return named;
  const terrain = new Map(map.hexes.map((h) => [h.hex, h.terrain]));
  const land = cornerHexes(corner).filter((h) => {
    const t = terrain.get(h);
    return t != null && t !== 'sea';
  });
  return land.length === 1 ? land[0] : cornerHexes(corner)[0];
}

/**
 * Where a village's marks go: the hut on its corner, then inside its island the number token,
 * the cloth count and a mark per trader.
 */
export interface VillagePlaces {
  hut: Point;
  token: Point;
  cloth: Point;
  traders: Point[];
}

/**
 * The marks of the village on `corner` of tribe hex `hex`, with room for `traders` trader
 * marks. They go from the corner towards the hex's centre, so that the ships on the sides of
 * the island beside the village stay clear; the cloth count is on one side of that line and
 * the traders on the other.
 */
export function villagePlaces(corner: string, hex: string, traders: number): VillagePlaces {
  const hut = cornerPoint(corner);
  const c = hexCentreOf(hex);
  const len = Math.hypot(c.x - hut.x, c.y - hut.y) || 1;
  const d = { x: (c.x - hut.x) / len, y: (c.y - hut.y) / len };
  // Across the line to the centre, pointing right (or down when the line is level).
  let p = { x: d.y, y: -d.x };
  if (p.x < -1e-9 || (Math.abs(p.x) < 1e-9 && p.y < 0)) p = { x: -p.x, y: -p.y };
  const at = (along: number, across: number) => ({ x: hut.x + d.x * along + p.x * across, y: hut.y + d.y * along + p.y * across });
  const row = SIZE * 0.6;
  return {
    hut,
    token: at(SIZE * 0.5, 0),
    cloth: at(row, 22),
    // Two by two, so that four traders still fit inside the island.
    traders: Array.from({ length: traders }, (_, i) => at(row + 12 * Math.floor(i / 2), -17 - 12 * (i % 2))),
  };
}

/** A village in words: where, its number, its cloth and who trades with it. */
export function villageLabel(v: VillageView, nameOf: (seat: number) => string): string {
  const cloth = v.cloth === 0 ? 'no cloth left' : `${v.cloth} cloth`;
  const traders = v.traders.length ? `trading with ${listText(v.traders.map(nameOf))}` : 'nobody trades with it yet';
  return `village at ${v.corner}: number ${v.number}, ${cloth}, ${traders}`;
}

/** The villages still holding cloth. */
export function villagesWithCloth(cloth: Pick<ClothView, 'villages'>): number {
  return cloth.villages.filter((v) => v.cloth > 0).length;
}

/** The villages `seat` trades with. */
export function tradingWith(cloth: Pick<ClothView, 'villages'>, seat: number): VillageView[] {
  return cloth.villages.filter((v) => v.traders.includes(seat));
}

/** Every piece of cloth: on the villages, in the supply, held (stolen cloth never leaves play). */
export function clothTotal(cloth: ClothView): number {
  return cloth.villages.reduce((n, v) => n + v.cloth, 0) + cloth.supply + cloth.held.reduce((n, h) => n + h, 0);
}
