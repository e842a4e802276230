// The Pirate Islands on the page (shared/rules/scenarios.md, Scenario 7): the pirate fleet and
// its path, each colour's lane, fortress and pirate-island site, and the warships, as the
// server's view (`pirate_islands`) or the map (a preview) lays them out. Where they are drawn
// and what they are called; what is legal is the server's to say.

import { cornerPoint, edgeEnds, hexCentreOf, type Point } from './geometry';
import type { MapFile, PirateColourView, PirateIslandsView } from './types';
import { plural } from './words';

/** Chits on a fortress before the first attack (SC7-2). */
export const FORTRESS_CHITS = 3;

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The scenario as the map lays it out (`extras.fleet_path`, `extras.colours`), the fleet on its
 * start, every fortress whole, no warship: for a board without a game's view (a preview).
 * Colours go to seats in the map's order; `null` when the map has no fleet path.
 */
export function mapPirateIslands(map: MapFile): PirateIslandsView | null {
  const extras = (map.extras ?? {}) as Record<string, unknown>;
  const path = strings(extras.fleet_path);
  if (path.length === 0) return null;
  const start = typeof extras.fleet_start === 'string' ? extras.fleet_start : path[0];
  const list = Array.isArray(extras.colours) ? (extras.colours as Record<string, unknown>[]) : [];
  const colours: PirateColourView[] = list
    .filter((c) => c && typeof c.fortress === 'string')
    .map((c, seat) => ({
      seat,
      colour: typeof c.colour === 'string' ? c.colour : '',
      fortress: c.fortress as string,
      chits: typeof c.fortress_chits === 'number' ? c.fortress_chits : FORTRESS_CHITS,
      site: typeof c.pirate_island_site === 'string' ? c.pirate_island_site : '',
      lane: strings(c.ship_lane),
      warships: [],
    }));
  return { fleet: start, fleet_path: path, colours };
}

/** The fleet's path as a closed loop through the centres of its hexes, in sailing order. */
export function fleetPathPoints(path: string[]): Point[] {
  return path.map(hexCentreOf);
}

/** How far along the way from a hex of the path to the next its arrow is drawn. */
export const ARROW_AT = 0.3;

/**
 * Small arrows showing which way the fleet sails: one on the way from each hex of the path to
 * the next (the last to the first, since it wraps round), inside the first hex, clear of the
 * edge between them where ships stand and of the fleet on the centre; pointing along the way,
 * in degrees (0 = east, 90 = south, as SVG turns).
 */
export function fleetArrows(path: string[]): { x: number; y: number; angle: number }[] {
  if (path.length < 2) return [];
  return path.map((h, i) => {
    const a = hexCentreOf(h);
    const b = hexCentreOf(path[(i + 1) % path.length]);
    return {
      x: a.x + (b.x - a.x) * ARROW_AT,
      y: a.y + (b.y - a.y) * ARROW_AT,
      angle: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI,
    };
  });
}

/** Where the fleet stands on its path: 1 for the first hex; `null` when it left the game or is off the path. */
export function fleetStep(pi: Pick<PirateIslandsView, 'fleet' | 'fleet_path'>): number | null {
  if (pi.fleet == null) return null;
  const i = pi.fleet_path.indexOf(pi.fleet);
  return i < 0 ? null : i + 1;
}

/** The fleet in words, for the panel: where it stands, or that it left. */
export function fleetText(pi: Pick<PirateIslandsView, 'fleet' | 'fleet_path'>): string {
  if (pi.fleet == null) return 'The pirate fleet has left the game: every fortress has fallen';
  const step = fleetStep(pi);
  return `The pirate fleet is on ${pi.fleet}${step != null ? ` (hex ${step} of ${pi.fleet_path.length} on its path)` : ''}`;
}

/** A lane's edges as lines from corner to corner, for a dotted course. */
export function laneLines(lane: string[]): { edge: string; x1: number; y1: number; x2: number; y2: number }[] {
  return lane.map((edge) => {
    const [a, b] = edgeEnds(edge);
    return { edge, x1: a.x, y1: a.y, x2: b.x, y2: b.y };
  });
}

/** Every warship on the board: its edge and its seat. */
export function warshipSeats(pi: Pick<PirateIslandsView, 'colours'> | null | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of pi?.colours ?? []) for (const e of c.warships) out.set(e, c.seat);
  return out;
}

/** A seat's colour entry. */
export function colourOf(pi: Pick<PirateIslandsView, 'colours'>, seat: number): PirateColourView | undefined {
  return pi.colours.find((c) => c.seat === seat);
}

/** Whether the fortress has fallen to its seat (no chits left). */
export function conquered(c: Pick<PirateColourView, 'chits'>): boolean {
  return c.chits <= 0;
}

/** A fortress in words: whose, where, its chits or that it fell. */
export function fortressLabel(c: PirateColourView, nameOf: (seat: number) => string): string {
  const who = nameOf(c.seat);
  if (conquered(c)) return `fortress of ${who} at ${c.fortress}: conquered, now ${who}'s settlement`;
  return `fortress of ${who} at ${c.fortress}: ${plural(c.chits, 'chit')} left`;
}

/** A pirate-island site in words. */
export function siteLabel(c: PirateColourView, nameOf: (seat: number) => string): string {
  return `pirate-island site of ${nameOf(c.seat)} at ${c.site}: only ${nameOf(c.seat)} may settle here, once a ship touches it`;
}

/** A lane in words. */
export function laneLabel(c: PirateColourView, nameOf: (seat: number) => string): string {
  return `ship lane of ${nameOf(c.seat)}: ${plural(c.lane.length, 'edge')}, by its pirate-island site at ${c.site} to its fortress at ${c.fortress}`;
}

/** A seat's fortress, in the panel's words. */
export function fortressStatus(c: Pick<PirateColourView, 'chits'>): string {
  if (conquered(c)) return 'fortress conquered';
  return `fortress: ${c.chits} of ${FORTRESS_CHITS} chits left`;
}

/** The attack button's words: the seat's warships against a die (SC7-11). */
export function attackText(warships: number): string {
  return `Attack your fortress (${plural(warships, 'warship')} vs a die)`;
}

/** The pirate-island corners where a marker is drawn under a settlement once it stands. */
export function siteCorners(pi: Pick<PirateIslandsView, 'colours'>): string[] {
  return pi.colours.map((c) => c.site).filter((s) => s !== '');
}

/** Where a fortress's chit count is drawn: up and to the right of its corner. */
export function fortressBadge(corner: string): Point {
  const p = cornerPoint(corner);
  return { x: p.x + 15, y: p.y - 15 };
}

/** The end in words when the winner has conquered its fortress (SC7-12). */
export function pirateWinText(view: { winner: number | null; pirate_islands?: PirateIslandsView | null }, nameOf: (seat: number) => string): string | null {
  if (view.winner == null || !view.pirate_islands) return null;
  const c = colourOf(view.pirate_islands, view.winner);
  if (!c || !conquered(c)) return null;
  return `${nameOf(view.winner)} wins, with their fortress conquered!`;
}
