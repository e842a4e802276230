// The log grouped by turn, each group under the player whose turn it is: a new group starts
// at each `turn_started`; what comes before the first (the setup, or turns the page no longer
// holds) is a group of its own.

import type { GameEvent } from './types';

export interface LogLine {
  n: number;
  e: GameEvent;
}

export interface TurnGroup {
  /** Stable across new lines: the first line's number. */
  key: number;
  /** The turn's number, or null for the lines before the first turn the log holds. */
  turn: number | null;
  /** Whose turn it is (null: the setup, or unknown). */
  seat: number | null;
  lines: LogLine[];
}

const SETUP_EVENTS = new Set(['settlement_built', 'road_built', 'ship_built', 'city_built', 'starting_resources', 'no_place_in_setup']);

export function turnGroups(log: LogLine[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  for (const line of log) {
    if (line.e.event === 'turn_started') {
      groups.push({ key: line.n, turn: line.e.turn as number, seat: line.e.seat as number, lines: [] });
      continue;
    }
    if (groups.length === 0) groups.push({ key: line.n, turn: null, seat: null, lines: [] });
    groups[groups.length - 1].lines.push(line);
  }
  return groups;
}

/** The group's heading: `Turn 3 · Bea`, `The setup`, or `Earlier` for a log that starts mid-game. */
export function groupTitle(g: TurnGroup, nameOf: (seat: number) => string): string {
  if (g.turn != null && g.seat != null) return `Turn ${g.turn} · ${nameOf(g.seat)}`;
  return g.lines.length > 0 && g.lines.every((l) => SETUP_EVENTS.has(l.e.event)) ? 'The setup' : 'Earlier';
}
