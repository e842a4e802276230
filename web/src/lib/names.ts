import type { GameSummary, SeatSummary } from './types';
import { seatStyle } from './colours';

/**
 * A bot as a person chose it: by the level the server says it plays (`Bot (medium)`, the
 * levels of `/api/levels`), else by its name (`Bot (random)`).
 */
export function botTitle(seat: Pick<SeatSummary, 'bot' | 'level'>): string {
  return `Bot (${seat.level || seat.bot || 'bot'})`;
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * What a seat is called: the name given; else a bot by its level (`Bot (hard)`), with its
 * colour when another bot at the table reads the same (`Orange bot (hard)`); else a person
 * by the colour they play (`Blue player`). `Seat 2` only while the table is not known.
 */
export function seatName(summary: Pick<GameSummary, 'seats'> | null, seat: number): string {
  const s = summary?.seats.find((x) => x.seat === seat);
  if (!s) return `Seat ${seat}`;
  if (s.name) return s.name;
  const colour = capital(seatStyle(seat).name);
  if (s.kind === 'bot') {
    const title = botTitle(s);
    const alike = summary!.seats.filter((x: SeatSummary) => x.kind === 'bot' && !x.name && botTitle(x) === title).length;
    return alike > 1 ? `${colour} bot (${title.slice(5, -1)})` : title;
  }
  return `${colour} player`;
}
