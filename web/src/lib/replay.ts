// Stepping through a finished game's record (docs/record-format.md) on the page: the board
// after each action comes from the server (`/api/games/{id}/replay?at=N`), which replays the
// record with the rules.

import type { GameRecord, RecordEntry } from './types';
import { seatName } from './names';

/** Who took an action, in words: the seat's name as in the game (`names.ts`), or chance. */
export function actorName(record: GameRecord, entry: RecordEntry): string {
  if (entry.actor === 'chance') return 'Chance';
  const seats = record.seats.map((s, seat) => ({ seat, kind: s.bot ? ('bot' as const) : ('human' as const), name: s.name, bot: s.bot }));
  return seatName({ seats }, entry.actor);
}
