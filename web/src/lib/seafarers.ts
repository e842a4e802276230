// The Forgotten Tribe's gifts and The Wonders of Catan on the page (shared/rules/scenarios.md,
// Scenario 5 and Scenario 8): names, requirements and marks in words. What is legal is the
// server's to say.

import type { GiftView, MapFile, WonderView } from './types';

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
