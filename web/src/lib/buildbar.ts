// The build bar: each thing a player can build or buy, with its cost as cards, lit when the
// hand pays for it, a button when the server lists a place for it now. Choosing a piece
// narrows the board's highlights to the places for that piece.

import type { Action, Legal, Resources, ViewData } from './types';
import { RESOURCES } from './types';
import { costs, type Cost } from './costs';
import type { Targets } from './highlights';

export type BuildKind = 'road' | 'ship' | 'settlement' | 'city' | 'card';

const KIND_OF_PIECE: Record<string, BuildKind> = {
  Road: 'road',
  Ship: 'ship',
  Settlement: 'settlement',
  City: 'city',
  'Development card': 'card',
  'Barbarian Attack card': 'card',
};

const ACTION_OF_KIND: Record<BuildKind, Action['action']> = {
  road: 'build_road',
  ship: 'build_ship',
  settlement: 'build_settlement',
  city: 'build_city',
  card: 'buy_development_card',
};

export interface BuildOption extends Cost {
  /** What the option builds; null for a cost shown only (a knight's long walk, gold for a card). */
  kind: BuildKind | null;
  /** The hand holds the cards (and the gold) it costs. */
  affordable: boolean;
  /** The server's actions for it now: a place for each, or the one purchase. */
  actions: Action[];
}

/** Whether `hand` holds every card of `cost`. */
export function pays(hand: Resources | undefined, cost: Resources): boolean {
  return RESOURCES.every((r) => (hand?.[r] ?? 0) >= (cost[r] ?? 0));
}

export function buildOptions(view: Pick<ViewData, 'map' | 'barbarians'>, legal: Legal | null, hand: Resources | undefined, gold = 0): BuildOption[] {
  return costs(view).map((c) => {
    const kind = KIND_OF_PIECE[c.piece] ?? null;
    const actions = kind ? (legal?.actions ?? []).filter((a) => a.action === ACTION_OF_KIND[kind]) : [];
    return { ...c, kind, affordable: pays(hand, c.cards) && gold >= (c.gold ?? 0), actions };
  });
}

/** The board's highlights with only the places for `kind` among the corners and edges. */
export function onlyBuilding(t: Targets, kind: BuildKind | null): Targets {
  if (kind == null || kind === 'card') return t;
  const wanted = ACTION_OF_KIND[kind];
  const keep = (m: Map<string, Action[]>) =>
    new Map([...m].map(([place, acts]) => [place, acts.filter((a) => a.action === wanted)] as const).filter(([, acts]) => acts.length > 0));
  return { ...t, corners: keep(t.corners), edges: keep(t.edges) };
}

/** The cards of a cost one by one, for drawing them as cards: `['brick', 'lumber']`. */
export function costCards(cost: Resources): string[] {
  return RESOURCES.flatMap((r) => Array<string>(cost[r] ?? 0).fill(r));
}
