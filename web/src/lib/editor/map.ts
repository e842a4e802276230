// The map being edited: a map file of docs/map-format.md, changed only by the pure
// operations below (each returns a new map and leaves its argument alone, so that the undo
// history can keep every earlier map as it was).

import type { HarborEntry, HexEntry, MapFile } from '../types';
import { edgeHexes, hexEdges, parseHex } from '../geometry';

/** What a hex can be painted: each terrain, gold, desert, sea, fog, or drawn from a pool. */
export const PAINTS = ['forest', 'pasture', 'fields', 'hills', 'mountains', 'gold', 'desert', 'sea', 'fog', 'pool'] as const;
export type Paint = (typeof PAINTS)[number];

/** The number tokens (2-6, 8-12). */
export const NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12] as const;

/** Harbor types: 3:1, the five 2:1, or drawn from the harbor pool. */
export const HARBOR_TYPES = ['3:1', 'brick', 'lumber', 'wool', 'grain', 'ore', 'shuffled'] as const;

/** The rule switches a map can turn on (docs/map-format.md, "The fields that switch rules on"). */
export const SWITCHES = ['ships', 'pirate', 'longest_trade_route', 'fog_discovery'] as const;
export type Switch = (typeof SWITCHES)[number];

/** The player counts the engine seats. */
export const PLAYER_COUNTS = [2, 3, 4] as const;

/** The terrains a pool of kind `terrain` holds. */
export const POOL_TERRAINS = ['forest', 'pasture', 'fields', 'hills', 'mountains', 'gold', 'desert', 'sea'] as const;

const PRODUCING = new Set(['forest', 'pasture', 'fields', 'hills', 'mountains', 'gold']);

/** Whether a terrain may carry a number token (producing land and gold). */
export function takesNumber(terrain: string | null | undefined): boolean {
  return terrain != null && PRODUCING.has(terrain);
}

/** Whether a terrain is land (a hex a settlement can touch). Fog and pool hexes are neither yet. */
export function isLand(terrain: string | null | undefined): boolean {
  return terrain != null && terrain !== 'sea' && terrain !== 'fog';
}

/** The dots under a number token: how many of the 36 rolls of two dice make it. */
export function pips(n: number): number {
  return n >= 2 && n <= 12 && n !== 7 ? 6 - Math.abs(7 - n) : 0;
}

/** A new map with no hexes, for three or four players. */
export function emptyMap(): MapFile {
  return { format: 'settlers-map', version: 1, id: 'my-map', name: 'My map', game: 'seafarers', players: [3, 4], victory_points: 10, hexes: [], harbors: [] };
}

function copy(map: MapFile): MapFile {
  // A JSON copy: a map is JSON, and the page hands in reactive proxies, which structuredClone refuses.
  return JSON.parse(JSON.stringify(map));
}

export function hexAt(map: MapFile, hex: string): HexEntry | undefined {
  return map.hexes.find((h) => h.hex === hex);
}

/** Paints a hex (adding it to the map when it is not there); a number stays only where it may. */
export function paint(map: MapFile, hex: string, what: Paint): MapFile {
  const out = copy(map);
  let entry = hexAt(out, hex);
  if (!entry) {
    entry = { hex, terrain: null, number: null };
    out.hexes.push(entry);
  }
  if (what === 'pool') {
    entry.terrain = null;
    entry.pool = 'terrain';
    entry.fixed = false;
  } else {
    entry.terrain = what;
    delete entry.pool;
    delete entry.fixed;
    if (!takesNumber(what)) entry.number = null;
  }
  return dropStrayPieces(out);
}

/** Takes a hex off the map (it becomes frame), with its number, harbors and area places. */
export function erase(map: MapFile, hex: string): MapFile {
  const out = copy(map);
  out.hexes = out.hexes.filter((h) => h.hex !== hex);
  return dropStrayPieces(out);
}

/** Puts a number token on a hex, or takes it off (`null`). */
export function setNumber(map: MapFile, hex: string, n: number | null): MapFile {
  const entry = hexAt(map, hex);
  if (!entry) return map;
  const out = copy(map);
  hexAt(out, hex)!.number = n;
  return out;
}

/** The pairs of neighbouring hexes that both carry a 6 or an 8 (the lobby warns of them). */
export function redNeighbours(map: MapFile): [string, string][] {
  const red = map.hexes.filter((h) => h.number === 6 || h.number === 8).map((h) => h.hex);
  const out: [string, string][] = [];
  for (let i = 0; i < red.length; i++)
    for (let j = i + 1; j < red.length; j++) if (distance(red[i], red[j]) === 1) out.push([red[i], red[j]]);
  return out;
}

export function distance(a: string, b: string): number {
  const p = parseHex(a);
  const q = parseHex(b);
  const dq = p.q - q.q;
  const dr = p.r - q.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The six neighbours of a hex. */
export function neighbours(hex: string): string[] {
  const { q, r } = parseHex(hex);
  return [
    [q + 1, r - 1],
    [q + 1, r],
    [q, r + 1],
    [q - 1, r + 1],
    [q - 1, r],
    [q, r - 1],
  ].map(([a, b]) => `${a},${b}`);
}

/** The sides of a hex by compass name, clockwise from the north-east, as canonical edges. */
export const SIDES = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const;
export type Side = (typeof SIDES)[number];

export function sideEdge(hex: string, side: Side): string {
  const { q, r } = parseHex(hex);
  return hexEdges(q, r)[SIDES.indexOf(side)];
}

/** Whether an edge is a coast a harbor can stand on: land on one side, sea or frame on the other. */
export function isCoast(map: MapFile, edge: string): boolean {
  const [a, b] = edgeHexes(edge).map((h) => hexAt(map, h)?.terrain);
  const seaOrFrame = (t: string | null | undefined, listed: boolean) => !listed || t === 'sea';
  const [la, lb] = edgeHexes(edge).map((h) => hexAt(map, h) !== undefined);
  return (isLand(a) && seaOrFrame(b, lb)) || (isLand(b) && seaOrFrame(a, la));
}

/** Every coast edge of the map, where a harbor can stand, each once: the sides of its land hexes. */
export function coastEdges(map: MapFile): string[] {
  const out = new Set<string>();
  for (const h of map.hexes) {
    if (!isLand(h.terrain)) continue;
    const { q, r } = parseHex(h.hex);
    for (const edge of hexEdges(q, r)) if (isCoast(map, edge)) out.add(edge);
  }
  return [...out];
}

export function harborAt(map: MapFile, edge: string): HarborEntry | undefined {
  return (map.harbors ?? []).find((h) => h.edge === edge);
}

/** Puts a harbor of `type` on a coast edge, or takes the one there off when it has that type. */
export function toggleHarbor(map: MapFile, edge: string, type: string): MapFile {
  const out = copy(map);
  const harbors = out.harbors ?? [];
  const there = harbors.find((h) => h.edge === edge);
  if (there && there.type === type) out.harbors = harbors.filter((h) => h !== there);
  else if (there) there.type = type;
  else if (isCoast(map, edge)) out.harbors = [...harbors, { edge, type }];
  else return map;
  return out;
}

/** The robber's start: a land hex, or beside the board (`null`). */
export function setRobber(map: MapFile, hex: string | null): MapFile {
  const out = copy(map);
  out.robber = { start: hex };
  return out;
}

/** The pirate's start: a sea hex, or none (`null`: no pirate on the board at the start). */
export function setPirate(map: MapFile, hex: string | null): MapFile {
  const out = copy(map);
  out.pirate = { used: true, start: hex };
  return out;
}

type Areas = Record<string, string[]>;

export function areas(map: MapFile): Areas {
  return (map.areas as Areas | undefined) ?? {};
}

/** Adds a hex to an area (making the area), or takes it out. */
export function toggleAreaHex(map: MapFile, area: string, hex: string): MapFile {
  const out = copy(map);
  const all: Areas = { ...areas(out) };
  const list = all[area] ?? [];
  all[area] = list.includes(hex) ? list.filter((h) => h !== hex) : [...list, hex];
  out.areas = all;
  return out;
}

/** Removes an area and every mention of it. */
export function removeArea(map: MapFile, area: string): MapFile {
  const out = copy(map);
  const all: Areas = { ...areas(out) };
  delete all[area];
  out.areas = all;
  if (Object.keys(all).length === 0) delete out.areas;
  const setup = out.setup as { allowed_areas?: string[] } | undefined;
  if (setup?.allowed_areas) setup.allowed_areas = setup.allowed_areas.filter((a) => a !== area);
  const vp = out.special_vp as { areas?: string[] } | null | undefined;
  if (vp?.areas) vp.areas = vp.areas.filter((a) => a !== area);
  return out;
}

/** Whether starting settlements may stand in `area` (`setup.allowed_areas`). */
export function setSettlementArea(map: MapFile, area: string, allowed: boolean): MapFile {
  const out = copy(map);
  const setup = { ...((out.setup as Record<string, unknown>) ?? {}) };
  const list = ((setup.allowed_areas as string[] | undefined) ?? []).filter((a) => a !== area);
  if (allowed) list.push(area);
  if (list.length > 0) setup.allowed_areas = list;
  else delete setup.allowed_areas;
  if (Object.keys(setup).length > 0) out.setup = setup;
  else delete out.setup;
  return out;
}

/** Whether a first settlement in `area` scores special victory points (SC1-5). */
export function setScoringArea(map: MapFile, area: string, scoring: boolean): MapFile {
  const out = copy(map);
  // A first settlement in each area, worth 2, until the map says otherwise (setScoring).
  const vp = (out.special_vp ? { ...out.special_vp } : { kind: 'first-settlement-per-area', value: 2 }) as { kind: string; value?: number; areas?: string[] };
  const list = (vp.areas ?? []).filter((a) => a !== area);
  if (scoring) list.push(area);
  if (list.length > 0) {
    vp.areas = list;
    out.special_vp = vp;
  } else delete out.special_vp;
  return out;
}

/** How the scoring areas score (map-format.md, `special_vp`): a first settlement in each
 * (SC1-5), or the first foreign one and each further one (SC2-4). */
export type Scoring =
  | { kind: 'first-settlement-per-area'; value: number }
  | { kind: 'foreign-island-escalating'; first_foreign: number; each_further_foreign: number }
  /** No areas: a first settlement on each island without one's starting settlements (SC9-6). */
  | { kind: 'islands-away'; value: number };

/** The points an area may score, as the map format bounds them. */
const MOST_AREA_POINTS = 10;

/** A whole count within 0 and `most`; anything else (a blank box, -3, 2.5) reads as the nearest. */
export function bounded(count: number, most: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.min(most, Math.floor(count))) : 0;
}

function areaPoints(n: unknown, fallback: number): number {
  return Number.isFinite(Number(n)) ? bounded(Number(n), MOST_AREA_POINTS) : fallback;
}

/** How the map's scoring areas score; the first-settlement kind worth 2 when not set. */
export function scoring(map: MapFile): Scoring {
  const vp = (map.special_vp ?? {}) as Record<string, unknown>;
  if (map.special_vp && vp.kind === 'first-settlement-per-area' && !Array.isArray(vp.areas)) return { kind: 'islands-away', value: areaPoints(vp.value, 1) };
  if (vp.kind === 'foreign-island-escalating')
    return { kind: vp.kind, first_foreign: areaPoints(vp.first_foreign, 1), each_further_foreign: areaPoints(vp.each_further_foreign, 2) };
  return { kind: 'first-settlement-per-area', value: areaPoints(vp.value, 2) };
}

/** Sets how the scoring areas score, keeping the areas; points are held to 0–10. A map
 * without scoring areas keeps no `special_vp`, but for islands away from one's start, which
 * need no areas. */
export function setScoring(map: MapFile, how: Scoring): MapFile {
  const out = copy(map);
  if (how.kind === 'islands-away') {
    out.special_vp = { kind: 'first-settlement-per-area', value: areaPoints(how.value, 1) };
    return out;
  }
  const areasList = scoringAreas(map);
  if (areasList.length === 0) return out;
  out.special_vp =
    how.kind === 'foreign-island-escalating'
      ? { kind: how.kind, areas: areasList, first_foreign: areaPoints(how.first_foreign, 1), each_further_foreign: areaPoints(how.each_further_foreign, 2) }
      : { kind: how.kind, areas: areasList, value: areaPoints(how.value, 2) };
  return out;
}

export function settlementAreas(map: MapFile): string[] {
  return ((map.setup as { allowed_areas?: string[] } | undefined)?.allowed_areas ?? []).slice();
}

/** No special victory points on the map. */
export function clearScoring(map: MapFile): MapFile {
  const out = copy(map);
  delete out.special_vp;
  return out;
}

export function scoringAreas(map: MapFile): string[] {
  return ((map.special_vp as { areas?: string[] } | null | undefined)?.areas ?? []).slice();
}

export function setPlayers(map: MapFile, count: number, on: boolean): MapFile {
  const out = copy(map);
  const list = (out.players ?? []).filter((n) => n !== count);
  if (on) list.push(count);
  out.players = list.sort();
  return out;
}

export function setVictoryPoints(map: MapFile, points: number): MapFile {
  const out = copy(map);
  out.victory_points = points;
  return out;
}

export function setTitle(map: MapFile, id: string, name: string): MapFile {
  const out = copy(map);
  out.id = id;
  out.name = name;
  return out;
}

/** Turns a rule switch on or off (`rules.NAME`); ships are the Seafarers game's own. */
export function setSwitch(map: MapFile, name: Switch, on: boolean): MapFile {
  const out = copy(map);
  const rules = { ...(out.rules ?? {}) };
  if (on) rules[name] = true;
  else delete rules[name];
  if (Object.keys(rules).length > 0) out.rules = rules;
  else delete out.rules;
  return out;
}

export function switchOn(map: MapFile, name: Switch): boolean {
  return map.rules?.[name] === true;
}

/** Harbors whose edge is no coast any more, and a robber or pirate whose hex is gone, are dropped. */
function dropStrayPieces(map: MapFile): MapFile {
  if (map.harbors) map.harbors = map.harbors.filter((h) => isCoast(map, h.edge));
  const start = map.robber?.start;
  if (start && !isLand(hexAt(map, start)?.terrain)) map.robber = { start: null };
  const pirate = map.pirate?.start;
  if (pirate && hexAt(map, pirate)?.terrain !== 'sea') map.pirate = { used: true, start: null };
  const all = areas(map);
  if (Object.keys(all).length > 0) {
    const kept: Areas = {};
    for (const [name, list] of Object.entries(all)) kept[name] = list.filter((h) => isLand(hexAt(map, h)?.terrain));
    map.areas = kept;
  }
  return map;
}

/**
 * The positions the editor offers to paint: the map's hexes and every neighbour of them, or,
 * on an empty map, a field of radius 3 around 0,0.
 */
export function slots(map: MapFile): string[] {
  const out = new Set<string>();
  if (map.hexes.length === 0) {
    for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) if (Math.abs(q + r) <= 3) out.add(`${q},${r}`);
  }
  for (const h of map.hexes) {
    out.add(h.hex);
    for (const n of neighbours(h.hex)) out.add(n);
  }
  return [...out];
}
