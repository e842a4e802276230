// Places in words, as the board shows them: a hex by its terrain and number ("the hills 5"),
// a corner and an edge by the hexes they touch ("between the forest 9 and the fields 6",
// "between the hills 5 and the sea"). The log, the prompts, the choice boxes and the replay
// name places so; coordinates are left to the board's own labels and the record.

import type { MapFile } from './types';
import { cornerHexes, edgeHexes, hexCentreOf, parseHex } from './geometry';
import { terrainStyle } from './colours';
import { listText } from './words';

/** How the texts name places. */
export interface Places {
  /** A hex as a noun: `the hills 5`. */
  hex(hex: string): string;
  /** Where a corner is, after `prep` when named by coordinates: `between the forest 9 and the sea`. */
  corner(corner: string, prep?: string): string;
  /** Where an edge is, likewise. */
  edge(edge: string, prep?: string): string;
}

/** Places by their coordinates, as the record writes them (the texts' default). */
export const COORDINATES: Places = {
  hex: (h) => h,
  corner: (c, prep = 'at') => `${prep} ${c}`,
  edge: (e, prep = 'at') => `${prep} ${e}`,
};

/** Off the board, in the sea and in unknown fog alike, a place is by the sea. */
const SEA = 'the sea';

/** The six hexes around a hex, clockwise from the east (coordinates.md). */
const NEIGHBOURS = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];

/** The compass word for a direction from the board's centre (SVG y grows downwards). */
function compass(dx: number, dy: number): string {
  const angle = (Math.atan2(-dy, dx) * 180) / Math.PI;
  const words = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];
  return words[((Math.round(angle / 45) % 8) + 8) % 8];
}

/** A hex's own words, without telling apart two hexes that read the same. */
function hexWords(entry: { terrain: string | null; number: number | null } | undefined): string {
  if (!entry?.terrain || entry.terrain === 'sea' || entry.terrain === 'fog') return SEA;
  const label = terrainStyle(entry.terrain).label;
  return `the ${label}${entry.number != null ? ` ${entry.number}` : ''}`;
}

/**
 * The board's places in words. Two land hexes that read the same (two hills 5 on a drawn
 * board) are told apart by where they lie: `the hills 5 in the north-east`.
 */
export function placeNames(map: Pick<MapFile, 'hexes'>): Places {
  const byHex = new Map(map.hexes.map((h) => [h.hex, h]));
  const land = map.hexes.filter((h) => hexWords(h) !== SEA);
  const counts = new Map<string, number>();
  for (const h of land) counts.set(hexWords(h), (counts.get(hexWords(h)) ?? 0) + 1);
  const centre = land.length
    ? land.map((h) => hexCentreOf(h.hex)).reduce((a, p) => ({ x: a.x + p.x / land.length, y: a.y + p.y / land.length }), { x: 0, y: 0 })
    : { x: 0, y: 0 };

  /** A land hex by its terrain and number, told apart from another that reads the same. */
  function landHex(h: string): string {
    const words = hexWords(byHex.get(h));
    if ((counts.get(words) ?? 0) < 2) return words;
    const p = hexCentreOf(h);
    return `${words} in the ${compass(p.x - centre.x, p.y - centre.y)}`;
  }

  /** Where a hex is; a sea hex (the pirate's, the fleet's) by the land beside it. */
  function hex(h: string): string {
    const entry = byHex.get(h);
    if (entry?.terrain === 'fog') return 'the fog';
    if (hexWords(entry) !== SEA) return landHex(h);
    const { q, r } = parseHex(h);
    const shore = NEIGHBOURS.map(([dq, dr]) => `${q + dq},${r + dr}`).filter((n) => hexWords(byHex.get(n)) !== SEA);
    if (shore.length === 0) {
      const p = hexCentreOf(h);
      return `the open sea in the ${compass(p.x - centre.x, p.y - centre.y)}`;
    }
    return `the sea by ${listText(shore.slice(0, 2).map(landHex))}`;
  }

  /** `between A, B and C`, the land first, the sea once. */
  function between(hexes: string[]): string {
    const names = hexes.map((h) => (hexWords(byHex.get(h)) === SEA ? SEA : landHex(h)));
    const landNames = names.filter((n) => n !== SEA);
    if (landNames.length === 0) {
      const p = hexes.map(hexCentreOf).reduce((a, q) => ({ x: a.x + q.x / hexes.length, y: a.y + q.y / hexes.length }), { x: 0, y: 0 });
      return `out at sea in the ${compass(p.x - centre.x, p.y - centre.y)}`;
    }
    const seaToo = landNames.length < names.length ? [SEA] : [];
    return `between ${listText([...landNames, ...seaToo])}`;
  }

  // `at` and `on` read well before `between`; `from` and `to` need a noun: `to the path between…`.
  const located = (prep: string, noun: string, where: string) => (prep === 'at' || prep === 'on' ? where : `${prep} the ${noun} ${where}`);
  return {
    hex,
    corner: (c, prep = 'at') => located(prep, 'corner', between(cornerHexes(c))),
    edge: (e, prep = 'at') => located(prep, 'path', between(edgeHexes(e))),
  };
}

/**
 * Where a place named by its coordinates is, in words: a hex, a corner (`q,r,N`) or an edge.
 * `prep`, when given, is the word before it (`at`, `on`, `from`, `to`).
 */
export function placeText(places: Places, place: string, prep?: string): string {
  const side = place.split(',')[2];
  if (side == null) return prep ? `${prep} ${places.hex(place)}` : places.hex(place);
  const where = side === 'N' || side === 'S' ? places.corner(place, prep ?? 'at') : places.edge(place, prep ?? 'at');
  return where;
}
