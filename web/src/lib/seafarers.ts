// The Forgotten Tribe's gifts and The Wonders of Catan on the page (shared/rules/scenarios.md,
// Scenario 5 and Scenario 8): names, requirements and marks in words. What is legal is the
// server's to say.

import type { GiftView, MapFile, PlayerData, WonderView } from './types';
import { plural } from './words';

export const WONDERS = ['theater', 'great_bridge', 'monument', 'great_wall', 'cathedral'] as const;

/** Stages of a wonder (SC8-6). */
export const WONDER_STAGES = 4;

const WONDER_TITLES: Record<string, string> = {
  theater: 'Theater',
  great_bridge: 'Great Bridge',
  monument: 'Monument',
  great_wall: 'Great Wall',
  cathedral: 'Cathedral',
};

/** The requirement to claim a wonder and to keep building it (SC8-6). */
const WONDER_REQUIREMENTS: Record<string, string> = {
  theater: '2 cities',
  great_bridge: 'a settlement or city on a Great Bridge site',
  monument: 'a city on a harbor corner and a trade route of 5 or more',
  great_wall: 'a settlement or city on a Great Wall site',
  cathedral: '1 city and at least 6 victory points',
};

export function wonderTitle(w: string): string {
  return WONDER_TITLES[w] ?? w.replaceAll('_', ' ');
}

export function wonderRequirement(w: string): string {
  return WONDER_REQUIREMENTS[w] ?? '';
}

/** A harbor type in words: `3:1` → `3:1 any`, `wool` → `2:1 wool`. */
export function harborText(type: string): string {
  return type === '3:1' || type === 'generic' ? '3:1 any' : `2:1 ${type}`;
}

/** What a gift is, in words. */
export function giftText(g: Pick<GiftView, 'gift' | 'harbor'>): string {
  switch (g.gift) {
    case 'special_vp':
      return 'a special victory point';
    case 'development_card':
      return 'a development card (face down)';
    case 'harbor':
      return g.harbor ? `a ${harborText(g.harbor)} harbor` : 'a harbor';
    default:
      return g.gift.replaceAll('_', ' ');
  }
}

/** A gift spot's label: what lies there, and who took it. */
export function giftLabel(g: GiftView, nameOf: (seat: number) => string): string {
  const what = `gift on ${g.edge}: ${giftText(g)}`;
  if (g.taken_by == null) return what;
  const where = g.placed_at ? `, placed at ${g.placed_at}` : g.waiting ? ', waiting for a site' : '';
  return `${what}, taken by ${nameOf(g.taken_by)}${where}`;
}

/** Gift harbors placed on the board, drawn like the map's harbors. */
export function placedGiftHarbors(gifts: GiftView[] | undefined | null): { edge: string; type: string }[] {
  return (gifts ?? []).filter((g) => g.placed_at && g.harbor).map((g) => ({ edge: g.placed_at!, type: g.harbor! }));
}

/** The Wonders of Catan's marked corners (map `extras`, SC8-2). */
export interface MarkedCorners {
  great_wall: string[];
  great_bridge: string[];
  no_setup: string[];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function markedCorners(map: MapFile): MarkedCorners {
  const extras = (map.extras ?? {}) as Record<string, unknown>;
  return {
    great_wall: strings(extras.great_wall_sites),
    great_bridge: strings(extras.great_bridge_sites),
    no_setup: strings(extras.no_setup_corners),
  };
}

/** How The Wonders of Catan is won (SC8-8): the panel says it, since points alone do not win. */
export function wonderWinCondition(target: number): string {
  return `Win in your turn by building all ${WONDER_STAGES} stages of your wonder, or with ${plural(target, 'point')} and more stages built than anyone else. Stages give no points.`;
}

/** The stages a seat built: those of the wonder it owns, 0 without one. */
export function stagesOf(wonders: WonderView[] | null | undefined, seat: number): number {
  return wonders?.find((w) => w.owner === seat)?.stages ?? 0;
}

/** What of a finished game's view tells why The Wonders of Catan was won. */
export interface WonderEndView {
  winner: number | null;
  victory_target: number;
  players: Pick<PlayerData, 'seat' | 'victory_points'>[];
  wonders?: WonderView[] | null;
}

/**
 * Why the winner won The Wonders of Catan, as the view shows it (SC8-8): its wonder finished,
 * or the target in points with more stages than everyone else; `null` in another game, or
 * when the view shows neither.
 */
export function wonderWinReason(view: WonderEndView): string | null {
  const winner = view.winner;
  if (winner == null || !view.wonders?.length) return null;
  const own = view.wonders.find((w) => w.owner === winner);
  if (own && own.stages >= WONDER_STAGES) return `with their ${wonderTitle(own.wonder)} finished`;
  const points = view.players.find((p) => p.seat === winner)?.victory_points ?? 0;
  const mine = stagesOf(view.wonders, winner);
  const best = Math.max(0, ...view.players.filter((p) => p.seat !== winner).map((p) => stagesOf(view.wonders, p.seat)));
  if (points < view.victory_target || mine <= best) return null;
  return `with ${plural(points, 'point')} and more wonder stages than anyone else (${mine} against ${best})`;
}

/** The end of a game of The Wonders of Catan in words: `Ada wins, with their Theater finished!`. */
export function wonderWinText(view: WonderEndView, nameOf: (seat: number) => string): string | null {
  const reason = wonderWinReason(view);
  return reason && `${nameOf(view.winner!)} wins, ${reason}!`;
}

/** A wonder's state in words, for its row of the panel. */
export function wonderStatus(w: WonderView, nameOf: (seat: number) => string): string {
  if (w.owner == null) return 'unclaimed';
  return `${nameOf(w.owner)} · ${w.stages} of ${WONDER_STAGES} stages`;
}

/**
 * The gifts as the map lays them out (`extras.gifts`, and `gift_harbors` once dealt), none
 * taken: for a board without a game's view (a preview).
 */
export function mapGifts(map: MapFile): GiftView[] {
  const extras = (map.extras ?? {}) as Record<string, unknown>;
  const gifts = (extras.gifts ?? {}) as Record<string, unknown>;
  const dealt = new Map(
    (Array.isArray(map.gift_harbors) ? (map.gift_harbors as { edge?: unknown; type?: unknown }[]) : [])
      .filter((h) => typeof h.edge === 'string' && typeof h.type === 'string')
      .map((h) => [h.edge as string, h.type as string]),
  );
  const out: GiftView[] = [];
  for (const gift of ['special_vp', 'development_card', 'harbor']) {
    const list = Array.isArray(gifts[gift]) ? (gifts[gift] as { edge?: unknown }[]) : [];
    for (const g of list) {
      if (typeof g.edge !== 'string') continue;
      const harbor = gift === 'harbor' ? dealt.get(g.edge) : undefined;
      out.push({ edge: g.edge, gift, taken_by: null, ...(harbor ? { harbor } : {}) });
    }
  }
  return out;
}
