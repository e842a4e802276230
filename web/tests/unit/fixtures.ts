// What the unit tests of the page share: seat names, a listing of legal actions, and a view
// of four seats with nothing on the board, which each test file fills in for its scenario.
import type { Legal, PlayerData, ViewData } from '../../src/lib/types';

export const names = (s: number) => ['Ada', 'Bot 1', 'Bot 2', 'Bot 3'][s];
export const legal = (actions: Legal['actions']): Legal => ({ actions, discard: null, gold: null, offer: null });

export function player(seat: number): PlayerData {
  return {
    seat, settlements: [], cities: [], roads: [], ships: [], closed_ships: [], special_victory_points: 0, gold_owed: 0,
    resource_count: 0, development_card_count: 0, played_knights: 0, road_length: 0, victory_points: 0, discard_owed: 0,
  };
}

/** A view of four empty seats, seat 0 to act in `phase`; `extra` sets the rest. */
export function emptyView(extra: Partial<ViewData> & Pick<ViewData, 'scenario' | 'phase' | 'describe'>): ViewData {
  return {
    viewer: 0, map: { id: 'x', hexes: [] }, active: 0, turn: 5, to_act: [0],
    dice: null, bank: {}, development_deck: 21, robber: null, pirate: null,
    chits: [], victory_target: 10, longest_road: null, largest_army: null, winner: null, offer: null,
    players: [0, 1, 2, 3].map(player), ...extra,
  };
}
