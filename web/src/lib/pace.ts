// The pace of the game on the page: the server sends every action at once; the page shows
// them one after another, holding each long enough for a person to follow (the dice, the
// hexes that produce, a piece placed), at the pace chosen on the page.

import type { GameEvent } from './types';

export const PACES = ['instant', 'quick', 'normal', 'slow'] as const;
export type Pace = (typeof PACES)[number];

/** What a person sees first: fast enough not to bore, slow enough to read a roll. */
export const DEFAULT_PACE: Pace = 'normal';

export const PACE_WORDS: Record<Pace, string> = {
  instant: 'Instant',
  quick: 'Quick',
  normal: 'Normal',
  slow: 'Slow',
};

const FACTOR: Record<Pace, number> = { instant: 0, quick: 0.5, normal: 1, slow: 1.8 };

/** How long each kind of event is held at the normal pace, in milliseconds. */
const HOLD: Record<string, number> = {
  dice_rolled: 1500,
  event_card_revealed: 1500,
  robber_moved: 1000,
  pirate_moved: 1000,
  robbed: 1000,
  cloth_stolen: 1000,
  barbarians_landed: 1000,
  battle_won: 1200,
  fleet_attacked: 1200,
  settlement_built: 800,
  city_built: 800,
  road_built: 600,
  ship_built: 600,
  ship_moved: 600,
  knight_placed: 600,
  knight_moved: 600,
  development_card_bought: 700,
  knight_played: 800,
  monopoly_played: 1000,
  year_of_plenty_played: 800,
  road_building_played: 700,
  traded_with_bank: 800,
  traded: 900,
  trade_offered: 900,
  game_won: 0,
};
const OTHER_EVENT = 300;

/** Who acted in a message: the seat of its first event that names one. */
export function actorOf(events: GameEvent[]): number | null {
  for (const e of events) {
    if (typeof e.seat === 'number') return e.seat;
    if (typeof e.thief === 'number') return e.thief;
  }
  return null;
}

/**
 * How long the page holds a message's view before it shows the next one. A person's own
 * action is not held (they saw it coming), except their roll, so that its production shows.
 */
export function holdAfter(events: GameEvent[], me: number | null, pace: Pace): number {
  if (events.length === 0) return 0;
  const longest = Math.max(...events.map((e) => HOLD[e.event] ?? OTHER_EVENT));
  const own = me != null && actorOf(events) === me;
  const rolled = events.some((e) => e.event === 'dice_rolled');
  const hold = own ? (rolled ? longest * 0.6 : 0) : longest;
  return Math.round(hold * FACTOR[pace]);
}

/**
 * Messages waiting to be shown beyond this many are shown at once (a page that was asleep,
 * a burst after a reconnect): the page never falls far behind the game.
 */
export const MAX_WAITING = 24;

const KEY = 'settlers.pace';

export function savedPace(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Pace {
  const kept = storage?.getItem(KEY);
  return (PACES as readonly string[]).includes(kept ?? '') ? (kept as Pace) : DEFAULT_PACE;
}

export function savePace(pace: Pace, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  storage?.setItem(KEY, pace);
}
