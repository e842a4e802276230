// A barbarian battle shown as it happens (Barbarian Attack, shared/rules/barbarian-attack.md
// BA-10, BA-21 to BA-27): the ship that lands barbarians on a coast, the knights' strength
// against the barbarians', and what came of it. Worked out from one view's events; the page
// plays the stages one after another, or shows them at once to a player who asks for reduced
// motion.

import type { GameEvent } from './types';
import { eventText, type NameOf } from './text';
import type { Places } from './places';
import { plural } from './words';

export interface Landing {
  hex: string;
  /** The dice total that chose the hex. */
  total: number;
  /** Barbarians on the hex after it; 3 or more conquer it. */
  barbarians: number;
  landed: boolean;
  text: string;
}

export interface Fight {
  hex: string;
  knights: number;
  barbarians: number;
  /** Who won: the knights beat the barbarians only with strictly more (BA-22). */
  won: boolean;
  /** What came of it, in words: prisoners, gold, knights lost. */
  results: string[];
}

export interface BattleMoment {
  landings: Landing[];
  fights: Fight[];
}

/** What of a barbarian battle one view's events show, if anything. */
export function battleOf(events: GameEvent[], nameOf: NameOf, places: Places): BattleMoment | null {
  const landings: Landing[] = [];
  const fights: Fight[] = [];
  for (const e of events) {
    switch (e.event) {
      case 'barbarians_landed':
        landings.push({
          hex: e.hex as string,
          total: e.total as number,
          barbarians: e.barbarians as number,
          landed: !!e.landed,
          text: eventText(e, nameOf, places),
        });
        break;
      case 'battle_won':
        fights.push({ hex: e.hex as string, knights: e.knights as number, barbarians: e.barbarians as number, won: true, results: [] });
        break;
      case 'prisoners_won':
      case 'rolled_off':
      case 'gold_won':
      case 'knight_lost':
      case 'casualty_rolled':
        // What follows a battle belongs to it, in order.
        fights[fights.length - 1]?.results.push(eventText(e, nameOf, places));
        break;
    }
  }
  return landings.length || fights.length ? { landings, fights } : null;
}

/** The strengths compared, in words. */
export function strengthText(f: Fight, places: Places): string {
  return `At ${places.hex(f.hex)}: ${plural(f.knights, 'knight')} against ${plural(f.barbarians, 'barbarian')}`;
}

/** The outcome of a landing, in words. */
export function landingResult(l: Landing): string {
  if (!l.landed) return 'The hex is conquered already: nobody lands.';
  return l.barbarians >= 3 ? 'Three barbarians: the hex is conquered and produces nothing.' : `${plural(l.barbarians, 'barbarian')} on the coast now.`;
}
