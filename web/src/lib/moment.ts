// What the page shows of the action just shown: the dice, the hexes that produced, the cards
// each seat got ("+1 grain"), the pieces just placed, the robber or pirate just moved, a card
// just stolen. Worked out from the events the server sent with the view.

import type { GameEvent, MapFile, Resources } from './types';
import { RESOURCES } from './types';

export interface Moment {
  /** The dice just rolled, if a roll was among the events. */
  dice: [number, number] | null;
  /** The hexes that produced for that roll. */
  producing: string[];
  /** The cards each seat just received, in words: `+1 grain, +2 ore`. */
  gains: Map<number, string>;
  /** Corners and edges whose piece was just placed or moved there. */
  fresh: Set<string>;
  /** The hex the robber or the pirate was just moved to. */
  moved: Set<string>;
  /** A card just stolen: who from whom (the card itself only to those who may see it). */
  stolen: { thief: number; victim: number; resource: string | null }[];
}

export const NO_MOMENT: Moment = { dice: null, producing: [], gains: new Map(), fresh: new Set(), moved: new Set(), stolen: [] };

/** The hexes with this number, but not the one the robber stands on (they produce nothing). */
export function producingHexes(map: Pick<MapFile, 'hexes'>, total: number, robber: string | null): string[] {
  return map.hexes.filter((h) => h.number === total && h.hex !== robber && h.terrain !== 'desert').map((h) => h.hex);
}

/** `+1 grain, +2 ore`: cards received. */
export function gainText(r: Resources): string {
  return RESOURCES.filter((k) => (r[k] ?? 0) > 0)
    .map((k) => `+${r[k]} ${k}`)
    .join(', ');
}

function add(into: Resources, r: Resources) {
  for (const k of RESOURCES) if (r[k]) into[k] = (into[k] ?? 0) + r[k]!;
}

/** The moment of one view's events on this board (the robber as the view shows it). */
export function momentOf(events: GameEvent[], map: Pick<MapFile, 'hexes'>, robber: string | null): Moment {
  if (events.length === 0) return NO_MOMENT;
  let dice: [number, number] | null = null;
  const got = new Map<number, Resources>();
  const fresh = new Set<string>();
  const moved = new Set<string>();
  const stolen: Moment['stolen'] = [];
  for (const e of events) {
    switch (e.event) {
      case 'dice_rolled':
        dice = e.dice as [number, number];
        break;
      case 'produced':
      case 'starting_resources':
      case 'gold_picked': {
        const seat = e.seat as number;
        const mine = got.get(seat) ?? {};
        add(mine, e.resources as Resources);
        got.set(seat, mine);
        break;
      }
      case 'settlement_built':
      case 'city_built':
        fresh.add(e.corner as string);
        break;
      case 'road_built':
      case 'ship_built':
      case 'knight_placed':
        fresh.add(e.edge as string);
        break;
      case 'ship_moved':
      case 'knight_moved':
        fresh.add(e.to as string);
        break;
      case 'robber_moved':
      case 'pirate_moved':
        moved.add(e.hex as string);
        break;
      case 'robbed':
        stolen.push({ thief: e.thief as number, victim: e.victim as number, resource: (e.resource as string | null) ?? null });
        break;
    }
  }
  const gains = new Map<number, string>();
  for (const [seat, r] of got) {
    const text = gainText(r);
    if (text) gains.set(seat, text);
  }
  const producing = dice ? producingHexes(map, dice[0] + dice[1], robber) : [];
  return { dice, producing, gains, fresh, moved, stolen };
}
