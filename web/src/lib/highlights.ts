// The server's legal actions turned into what the board highlights: the corners, edges and
// hexes where an action may be taken now, and the actions that are buttons or dialogs.
// Nothing here decides legality: an empty legal list highlights nothing.

import type { Action, Legal } from './types';

export interface Targets {
  /** Corners where a settlement or a city may go now. */
  corners: Map<string, Action[]>;
  /** Edges where a road or a ship may go now, or where the selected ship may sail to. */
  edges: Map<string, Action[]>;
  /** Hexes the robber or the pirate may move to now. */
  hexes: Map<string, Action[]>;
  /** Ships that may move now (a move is chosen in two clicks: the ship, then where to). */
  ships: Set<string>;
  /** Actions taken with a button (roll, end the turn, buy a card, play a card, answer a trade). */
  buttons: Action[];
  /** Actions taken in a dialog because there are many of them. */
  bankTrades: Extract<Action, { action: 'trade_with_bank' }>[];
  yearOfPlenty: Extract<Action, { action: 'play_year_of_plenty' }>[];
  monopoly: Extract<Action, { action: 'play_monopoly' }>[];
}

function add<K>(map: Map<K, Action[]>, key: K, a: Action) {
  const list = map.get(key);
  if (list) list.push(a);
  else map.set(key, [a]);
}

/** What to highlight for `legal`; `selectedShip` is a ship chosen to be moved. */
export function targets(legal: Legal | null, selectedShip: string | null = null): Targets {
  const t: Targets = {
    corners: new Map(),
    edges: new Map(),
    hexes: new Map(),
    ships: new Set(),
    buttons: [],
    bankTrades: [],
    yearOfPlenty: [],
    monopoly: [],
  };
  for (const a of legal?.actions ?? []) {
    switch (a.action) {
      case 'build_settlement':
      case 'build_city':
        add(t.corners, a.corner, a);
        break;
      case 'build_road':
      case 'build_ship':
        add(t.edges, a.edge, a);
        break;
      case 'move_ship':
        t.ships.add(a.from);
        if (a.from === selectedShip) add(t.edges, a.to, a);
        break;
      case 'move_robber':
      case 'move_pirate':
        add(t.hexes, a.hex, a);
        break;
      case 'trade_with_bank':
        t.bankTrades.push(a);
        break;
      case 'play_year_of_plenty':
        t.yearOfPlenty.push(a);
        break;
      case 'play_monopoly':
        t.monopoly.push(a);
        break;
      default:
        t.buttons.push(a);
    }
  }
  return t;
}

/** Whether the seat has anything to do on the board itself. */
export function hasBoardTargets(t: Targets): boolean {
  return t.corners.size > 0 || t.edges.size > 0 || t.hexes.size > 0 || t.ships.size > 0;
}

/** Two actions are the same action (for finding a chosen one in the legal list). */
export function sameAction(a: Action, b: Action): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined && x !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
