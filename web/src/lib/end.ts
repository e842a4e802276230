// How a game ended without a winner, in words. The server says why: its view of a game that is
// over tells whether the scores stood still for its limit of rounds (docs/rules-coverage.md,
// The whole game); otherwise nobody could win any more (the Pirate Islands).

/** The end of a game nobody could win any more (the Pirate Islands). */
export const NO_WINNER_TEXT = 'Nobody can win any more: the game ends without a winner';

/** The end of a game whose scores stood still for `rounds` rounds in a row. */
export function standstillText(rounds: number): string {
  return `The scores stood still for ${rounds} rounds: the game ends without a winner`;
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
