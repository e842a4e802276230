// The New World on the page (shared/rules/scenarios.md, Scenario 9): the harbor tokens the
// players place before setup (SC9-3) in words, and the lobby's "Draw again" (SC9-1: players
// may agree to redo a poor map). What is legal is the server's to say.

import type { HarborPlacementView } from './types';
import { harborText } from './seafarers';
import { plural } from './words';

/** The harbor tokens in words: who holds which, how many lie face down; `''` once all are placed. */
export function harborTokensText(h: HarborPlacementView | null | undefined, holder: string): string {
  if (!h) return '';
  const down = `${plural(h.face_down, 'harbor token')} face down`;
  if (!h.in_hand) return `${down}: the next is being turned over for ${holder}`;
  return `${holder} holds a ${harborText(h.in_hand)} harbor to place; ${down}`;
}

/** The largest seed the page draws: whole numbers JSON and the server both read exactly. */
const MOST_MAP_SEED = 2 ** 32;

/** A new seed to draw the map from, other than `before` (the map shown). */
export function newMapSeed(before: number | null = null, random: () => number = Math.random): number {
  for (;;) {
    const seed = Math.floor(random() * MOST_MAP_SEED);
    if (seed !== before) return seed;
  }
}

/** The server's preview of a scenario's board drawn from `mapSeed` for `players` (docs/protocol.md). */
export function previewPath(scenario: string, players: number, mapSeed: number): string {
  const q = new URLSearchParams({ scenario, players: String(players), map_seed: String(mapSeed) });
  return `/api/preview?${q}`;
}
