// Stepping through a finished game's record (docs/record-format.md) on the page: the board
// after each action comes from the server (`/api/games/{id}/replay?at=N`), which replays the
// record with the rules.

import type { GameRecord, Level, RecordEntry } from './types';
import { seatName } from './names';

/**
 * Who took an action, in words: the seat's name as in the game (`names.ts`), a bot by the
 * level of the server's `levels` it plays, or chance.
 */
export function actorName(record: GameRecord, entry: RecordEntry, levels: Level[] = []): string {
  if (entry.actor === 'chance') return 'Chance';
  const seats = record.seats.map((s, seat) => ({
    seat,
    kind: s.bot ? ('bot' as const) : ('human' as const),
    name: s.name,
    bot: s.bot,
    level: levels.find((l) => l.bot === s.bot)?.level ?? null,
  }));
  return seatName({ seats }, entry.actor);
}
