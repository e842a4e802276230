// Stepping through a finished game's record (docs/record-format.md) on the page: the board
// after each action comes from the server (`/api/games/{id}/replay?at=N`), which replays the
// record with the rules.

import type { GameRecord, RecordEntry } from './types';

/** Who took an action, in words. */
export function actorName(record: GameRecord, entry: RecordEntry): string {
  if (entry.actor === 'chance') return 'Chance';
  const s = record.seats[entry.actor];
  return s?.name || (s?.bot ? `Bot ${entry.actor}` : `Seat ${entry.actor}`);
}
