// The server's legal actions turned into what the board highlights: the corners, edges and
// hexes where an action may be taken now, and the actions that are buttons or dialogs.
// Nothing here decides legality: an empty legal list highlights nothing.

import type { Action, Legal } from './types';
import { SUPPLY, knightSteps, treasonSources } from './barbarians';

export interface Targets {
  /** Corners where a settlement or a city may go now. */
  corners: Map<string, Action[]>;
  /** Edges where a road or a ship may go now, or where the selected ship may sail to. */
  edges: Map<string, Action[]>;
  /** Hexes the robber or the pirate may move to now. */
  hexes: Map<string, Action[]>;
  /** Ships that may move now (a move is chosen in two clicks: the ship, then where to). */
  ships: Set<string>;
  /** Barbarian Attack: knights that may move now (two clicks, like ships). */
  knights: Set<string>;
  /** Steps to each destination of the chosen knight (more than 3 cost a grain). */
  steps: Map<string, number>;
  /** Treason: hexes a barbarian may be taken from (two clicks: the source, then where to). */
  sources: Set<string>;
  /** Treason: whether the supply is a source, and the source chosen (or the only one). */
  supplySource: boolean;
  source: string | null;
  /** Actions taken with a button (roll, end the turn, buy a card, play a card, answer a trade). */
  buttons: Action[];
  /** Actions taken in a dialog because there are many of them. */
  bankTrades: Extract<Action, { action: 'trade_with_bank' }>[];
  yearOfPlenty: Extract<Action, { action: 'play_year_of_plenty' }>[];
  monopoly: Extract<Action, { action: 'play_monopoly' }>[];
  /** Barbarian Attack: 2 gold for a resource; event cards: a card given to a player. */
  goldBuys: Extract<Action, { action: 'buy_with_gold' }>[];
  gifts: Extract<Action, { action: 'give_card' }>[];
  /** The Wonders of Catan: claiming a wonder and building a stage, buttons in the wonders panel. */
  wonders: Extract<Action, { action: 'claim_wonder' | 'build_wonder_stage' }>[];
  /** The Pirate Islands: attacking one's fortress, a button in the Pirate Islands panel. */
  fortress: Extract<Action, { action: 'attack_fortress' }>[];
}

function add<K>(map: Map<K, Action[]>, key: K, a: Action) {
  const list = map.get(key);
  if (list) list.push(a);
  else map.set(key, [a]);
}

/**
 * What to highlight for `legal`. `selected` is a piece chosen to be moved: a ship's or a
 * knight's edge, or a Treason source (a hex, or `supply`). `paths` are the board's edges,
 * for the steps of a knight's walk.
 */
export function targets(legal: Legal | null, selected: string | null = null, paths: string[] = []): Targets {
  const t: Targets = {
    corners: new Map(),
    edges: new Map(),
    hexes: new Map(),
    ships: new Set(),
    knights: new Set(),
    steps: new Map(),
    sources: new Set(),
    supplySource: false,
    source: null,
    buttons: [],
    bankTrades: [],
    yearOfPlenty: [],
    monopoly: [],
    goldBuys: [],
    gifts: [],
    wonders: [],
    fortress: [],
  };
  const sources = treasonSources(legal);
  t.source = sources.length === 1 ? sources[0] : selected != null && sources.includes(selected) ? selected : null;
  for (const s of sources) {
    if (s === SUPPLY) t.supplySource = true;
    else t.sources.add(s);
  }
  const selectedShip = selected;
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
      case 'take_prisoner':
      case 'drive_away_barbarian':
        add(t.hexes, a.hex, a);
        break;
      case 'place_knight':
      case 'neutral_road':
      case 'damage_road':
      case 'repair_road':
        add(t.edges, a.edge, a);
        break;
      case 'place_foreign_knight':
        if (a.edge) add(t.edges, a.edge, a);
        else t.buttons.push(a);
        break;
      case 'place_gift_harbor':
        // Several harbor types for one edge: a choice at the edge.
        add(t.edges, a.edge, a);
        break;
      case 'place_harbor':
        // The New World: the token in hand, on a coast edge (SC9-3).
        add(t.edges, a.edge, a);
        break;
      case 'claim_wonder':
      case 'build_wonder_stage':
        t.wonders.push(a);
        break;
      case 'attack_fortress':
        t.fortress.push(a);
        break;
      case 'neutral_settlement':
        add(t.corners, a.corner, a);
        break;
      case 'move_knight':
        t.knights.add(a.from);
        if (a.from === selected) add(t.edges, a.to, a);
        break;
      case 'treason_move':
        if ((a.from ?? SUPPLY) === t.source) add(t.hexes, a.to, a);
        break;
      case 'buy_with_gold':
        t.goldBuys.push(a);
        break;
      case 'give_card':
        t.gifts.push(a);
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
  // A piece chosen to move: only where it may go is highlighted.
  if (selected != null && (t.knights.has(selected) || t.ships.has(selected))) {
    t.corners.clear();
    t.hexes.clear();
    for (const [e, acts] of t.edges) {
      const moves = acts.filter((a) => (a.action === 'move_knight' || a.action === 'move_ship') && a.from === selected);
      if (moves.length) t.edges.set(e, moves);
      else t.edges.delete(e);
    }
  }
  if (selected != null && t.knights.has(selected) && paths.length) {
    const steps = knightSteps(selected, paths);
    for (const e of t.edges.keys()) {
      const n = steps.get(e);
      if (n != null) t.steps.set(e, n);
    }
  }
  return t;
}

/** Whether the seat has anything to do on the board itself. */
export function hasBoardTargets(t: Targets): boolean {
  return t.corners.size > 0 || t.edges.size > 0 || t.hexes.size > 0 || t.ships.size > 0 || t.knights.size > 0 || t.sources.size > 0;
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

/** An opponent the robber or the pirate may rob, and what may be taken: a card, or with Cloth for Catan a cloth. */
export interface RobChoice {
  /** `null`: the piece moves and robs nobody. */
  victim: number | null;
  card?: Action;
  cloth?: Action;
}

/**
 * The actions at one hex as a choice of whom to rob and what to take, when each of them moves
 * the robber or the pirate there; `null` otherwise (the chooser lists them as they are).
 * Victims keep the server's order.
 */
export function robChoices(actions: Action[]): { piece: 'robber' | 'pirate'; hex: string; choices: RobChoice[] } | null {
  const first = actions[0];
  if (!first || (first.action !== 'move_robber' && first.action !== 'move_pirate')) return null;
  const choices: RobChoice[] = [];
  for (const a of actions) {
    if (a.action !== first.action || a.hex !== first.hex) return null;
    const victim = a.victim ?? null;
    let row = choices.find((c) => c.victim === victim);
    if (!row) choices.push((row = { victim }));
    if (a.action === 'move_pirate' && a.take === 'cloth') row.cloth = a;
    else row.card = a;
  }
  return { piece: first.action === 'move_robber' ? 'robber' : 'pirate', hex: first.hex, choices };
}
