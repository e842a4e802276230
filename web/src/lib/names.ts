import type { GameSummary } from './types';

/** What a seat is called: the name given, else `Bot 2` for a bot, else `Seat 2`. */
export function seatName(summary: Pick<GameSummary, 'seats'> | null, seat: number): string {
  const s = summary?.seats.find((x) => x.seat === seat);
  if (s?.name) return s.name;
  if (s?.kind === 'bot') return `Bot ${seat}`;
  return `Seat ${seat}`;
}
