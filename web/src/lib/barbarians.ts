// Barbarian Attack on the page (shared/rules/barbarian-attack.md): knight walks, where the
// barbarians stand in a hex, the counts of a seat's pieces, event cards in words. Geometry
// and arithmetic only: what is legal is the server's to say.

import { SIZE, edgeNeighbours, hexCentreOf, type Point } from './geometry';
import type { Action, EventKind, Legal, ViewData } from './types';

/** A knight walks up to 3 paths, 5 for a grain (BA-19). */
export const KNIGHT_STEPS = 3;
export const BOOSTED_STEPS = 5;
/** Knights per player (BA-2). */
export const KNIGHTS_PER_PLAYER = 6;
/** A coastal hex holding this many barbarians is conquered (BA-6). */
export const CONQUERED_AT = 3;
/** Gold for one resource from the bank (BA-28). */
export const GOLD_PER_RESOURCE = 2;

/**
 * The fewest steps from the path `from` to each path within `max` steps, walking over the
 * given paths only (a step goes to a path sharing a corner; occupied paths may be passed).
 */
export function knightSteps(from: string, paths: Iterable<string>, max = BOOSTED_STEPS): Map<string, number> {
  const allowed = new Set(paths);
  const steps = new Map<string, number>();
  let frontier = [from];
  const seen = new Set([from]);
  for (let step = 1; step <= max && frontier.length; step++) {
    const next: string[] = [];
    for (const e of frontier) {
      for (const n of edgeNeighbours(e)) {
        if (seen.has(n) || !allowed.has(n)) continue;
        seen.add(n);
        steps.set(n, step);
        next.push(n);
      }
    }
    frontier = next;
  }
  return steps;
}

/** Whether a walk of `steps` costs a grain (more than 3 steps, BA-19). */
export function needsGrain(steps: number): boolean {
  return steps > KNIGHT_STEPS;
}

/**
 * Where `n` barbarian figures stand in a hex: in a row on the lower part of the hex, clear of
 * the number token in the middle.
 */
export function barbarianSpots(hex: string, n: number): Point[] {
  const c = hexCentreOf(hex);
  const gap = SIZE * 0.3;
  return Array.from({ length: n }, (_, i) => ({ x: c.x + (i - (n - 1) / 2) * gap, y: c.y + SIZE * 0.52 }));
}

/**
 * What a trade token action costs a seat of the two-player game: 1 token, 2 while it has
 * more points than its opponent (BA2-7).
 */
export function tokenCost(view: Pick<ViewData, 'players'>, seat: number): number {
  const mine = view.players.find((p) => p.seat === seat)?.victory_points ?? 0;
  const theirs = Math.max(0, ...view.players.filter((p) => p.seat !== seat && !p.neutral).map((p) => p.victory_points));
  return mine > theirs ? 2 : 1;
}

/** The neutral seats of two-player Barbarian Attack. */
export function neutralSeats(view: Pick<ViewData, 'players'>): number[] {
  return view.players.filter((p) => p.neutral).map((p) => p.seat);
}

/** A seat's knights on the board and still in its stock. */
export function knightCounts(view: Pick<ViewData, 'barbarians'>, seat: number): { board: number; supply: number } {
  const board = view.barbarians?.knights.filter((k) => k.seat === seat).length ?? 0;
  return { board, supply: Math.max(0, KNIGHTS_PER_PLAYER - board) };
}

export const EVENT_TITLES: Record<EventKind, string> = {
  calm: 'No event',
  robber_attacks: 'Robber Attacks',
  epidemic: 'Epidemic',
  neighborly_assistance: 'Neighborly Assistance',
  calm_sea: 'Calm Sea',
  robber_flees: 'Robber Flees',
  plentiful_year: 'Plentiful Year',
  conflict: 'Conflict',
  tournament: 'Tournament',
  trade_advantage: 'Trade Advantage',
  earthquake: 'Earthquake',
  good_neighbors: 'Good Neighbors',
};

export function eventTitle(kind: string): string {
  return EVENT_TITLES[kind as EventKind] ?? kind.replaceAll('_', ' ');
}

export const BARBARIAN_CARD_TITLES: Record<string, string> = {
  knighthood: 'Knighthood',
  black_knight: 'Black Knight',
  treason: 'Treason',
  intrigue: 'Intrigue',
};

export type TreasonMove = Extract<Action, { action: 'treason_move' }>;

/** The supply, as a source of a Treason move. */
export const SUPPLY = 'supply';

/** Where Treason may take a barbarian from now: hexes, and `supply`. */
export function treasonSources(legal: Legal | null): string[] {
  const out: string[] = [];
  for (const a of legal?.actions ?? []) {
    if (a.action !== 'treason_move') continue;
    const from = a.from ?? SUPPLY;
    if (!out.includes(from)) out.push(from);
  }
  return out;
}
