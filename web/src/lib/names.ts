import type { GameSummary } from './types';

/** What a seat is called: the name given, else `Bot 2` for a bot, else `Seat 2`. */
export function seatName(summary: Pick<GameSummary, 'seats'> | null, seat: number): string {
  const s = summary?.seats.find((x) => x.seat === seat);
  if (s?.name) return s.name;
  if (s?.kind === 'bot') return `Bot ${seat}`;
  return `Seat ${seat}`;
}

/** Names in a sentence: `Ada`, `Ada and Bea`, `Ada, Bea and Cy`. */
export function listText(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
