// How a game ended, in words: who won, one seat or several sharing the win, or why nobody did.
// The server says why nobody won: its view of a game that is over tells whether the scores
// stood still for its limit of rounds (docs/rules-coverage.md, The whole game); otherwise
// nobody could win any more (the Pirate Islands).

import { listText, plural } from './words';

/** The end of a game nobody could win any more (the Pirate Islands). */
export const NO_WINNER_TEXT = 'Nobody can win any more: the game ends without a winner';

/** The end of a game whose scores stood still for `rounds` rounds in a row. */
export function standstillText(rounds: number): string {
  return `The scores stood still for ${plural(rounds, 'round')}: the game ends without a winner`;
}

/** What of a view tells how a game ended. */
export interface EndView {
  winner: number | null;
  shared_winners?: number[];
  standstill_rounds?: number;
  standstill_limit?: number;
}

/** Why a game ended without a winner: its scores stood still too long, or nobody could win. */
export function noWinnerText(view: EndView): string {
  const rounds = view.standstill_rounds ?? 0;
  return view.standstill_limit != null && rounds >= view.standstill_limit ? standstillText(rounds) : NO_WINNER_TEXT;
}

/** Who won: the winner, then the seats sharing the win (a full tie, D-SC6-1). */
export function winnersOf(view: { winner: number | null; shared_winners?: number[] }): number[] {
  if (view.winner == null) return [];
  return [view.winner, ...(view.shared_winners ?? []).filter((s) => s !== view.winner)];
}

/** The end of the game in words: `Ada wins!`, or `Ada and Bot 2 share the win`. */
export function winText(view: EndView, nameOf: (seat: number) => string): string {
  const all = winnersOf(view);
  if (all.length === 0) return noWinnerText(view);
  if (all.length === 1) return `${nameOf(all[0])} wins!`;
  return `${listText(all.map(nameOf))} share the win`;
}
