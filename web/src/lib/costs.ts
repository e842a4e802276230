// What building and buying cost, as a reference beside the board (base.md B-9, seafarers.md
// S-5, barbarian-attack.md BA-13, BA-19 and BA-28). Only the pieces the game has are listed;
// whether a seat may pay now is the server's to say.

import { BOOSTED_STEPS, GOLD_PER_RESOURCE, KNIGHT_STEPS } from './barbarians';
import { tradeSideText } from './text';
import type { MapFile, Resources, ViewData } from './types';

export interface Cost {
  /** What is bought, in the game's words. */
  piece: string;
  cards: Resources;
  /** Barbarian Attack: gold coins paid in place of cards. */
  gold?: number;
  /** A limit worth knowing, in words. */
  note?: string;
}

export const ROAD: Resources = { brick: 1, lumber: 1 };
export const SETTLEMENT: Resources = { brick: 1, lumber: 1, wool: 1, grain: 1 };
export const CITY: Resources = { grain: 2, ore: 3 };
export const DEVELOPMENT_CARD: Resources = { wool: 1, grain: 1, ore: 1 };
export const SHIP: Resources = { lumber: 1, wool: 1 };

/** Whether the board's game has ships: every Seafarers map, and any map switching them on (map-format.md). */
export function hasShips(map: Pick<MapFile, 'game' | 'rules'>): boolean {
  return map.game === 'seafarers' || map.rules?.ships === true;
}

/** The costs a game's players may want to know, in the order of the building phase. */
export function costs(view: Pick<ViewData, 'map' | 'barbarians'>): Cost[] {
  const out: Cost[] = [
    { piece: 'Road', cards: ROAD },
    ...(hasShips(view.map) ? [{ piece: 'Ship', cards: SHIP }] : []),
    { piece: 'Settlement', cards: SETTLEMENT },
    { piece: 'City', cards: CITY },
    // Barbarian Attack's deck holds its own cards, bought at the same price (BA-13).
    { piece: view.barbarians ? 'Barbarian Attack card' : 'Development card', cards: DEVELOPMENT_CARD },
  ];
  if (view.barbarians) {
    out.push(
      { piece: `A knight's walk of ${KNIGHT_STEPS + 1}–${BOOSTED_STEPS} paths`, cards: { grain: 1 } },
      { piece: '1 resource from the bank', cards: {}, gold: GOLD_PER_RESOURCE, note: 'twice a turn at most' },
    );
  }
  return out;
}

/** A cost in words: `1 brick, 1 lumber`, `2 gold coins (twice a turn at most)`. */
export function costText(c: Cost): string {
  const price = tradeSideText(c.cards, c.gold);
  return c.note ? `${price} (${c.note})` : price;
}
