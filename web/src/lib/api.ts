// The server's HTTP interface (docs/protocol.md).

import type { GameRecord, GameSummary, Level, MapFile, Resources, ScenarioInfo, ViewData } from './types';
import { previewPath } from './newworld';

/** An answer of the server that is not a success: its words, and its status to tell why. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(path);
  if (!res.ok) throw new ApiError(await errorText(res), res.status);
  return res.json();
}

async function errorText(res: Response): Promise<string> {
  try {
    const body = await res.json();
    return body.error ?? `${res.status} ${res.statusText}`;
  } catch {
    return `${res.status} ${res.statusText}`;
  }
}

export const scenarios = () => get<ScenarioInfo[]>('/api/scenarios');
export const bots = () => get<string[]>('/api/bots');
export type { Level };
/** The bots people choose by how hard they are to beat, easiest first (docs/protocol.md). */
export const levels = () => get<Level[]>('/api/levels');
/** A scenario's board as a game created with `map_seed` gets it (the lobby's "Draw again"). */
export const preview = (scenario: string, players: number, mapSeed: number) =>
  get<{ scenario: string; players: number; map_seed: number; map: MapFile }>(previewPath(scenario, players, mapSeed));
export const games = () => get<{ open: GameSummary[]; finished: GameSummary[] }>('/api/games');
export const game = (id: string) => get<GameSummary>(`/api/games/${encodeURIComponent(id)}`);
/**
 * The server's words when it has no game `id`, else `null` (the game is there, or the server
 * cannot be asked now: it may be restarting). A page cannot read the status a WebSocket
 * upgrade is refused with, so this is how it learns that its game's socket will never open.
 */
export async function missingGame(id: string): Promise<string | null> {
  try {
    await game(id);
    return null;
  } catch (e) {
    // 404: no such game; 410: abandoned (docs/reliability.md). Either way it never opens.
    return e instanceof ApiError && (e.status === 404 || e.status === 410) ? e.message : null;
  }
}
export const record = (id: string) => get<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`);
export const recordUrl = (id: string) => `/api/games/${encodeURIComponent(id)}/record`;

/** A finished game as the spectators saw it after `at` actions (docs/protocol.md). */
export interface ReplayStep {
  at: number;
  actions: number;
  view: ViewData;
}

export const replayStep = (id: string, at: number) =>
  get<ReplayStep>(`/api/games/${encodeURIComponent(id)}/replay?at=${at}`);

/** A finished game in numbers, for the charts after it (docs/protocol.md). */
export interface GameNumbers {
  /** Each seat's victory points as each turn began; the last row is the end. */
  points: number[][];
  /** How often each total from 2 to 12 was rolled. */
  dice: number[];
  /** The resources each seat received. */
  received: Resources[];
}

export const gameNumbers = (id: string) => get<GameNumbers>(`/api/games/${encodeURIComponent(id)}/numbers`);

export interface NewGame {
  scenario: string;
  seats: ({ kind: 'human'; name?: string } | { kind: 'bot'; bot: string } | { kind: 'bot'; level: string })[];
  options: {
    victory_points?: number;
    layout?: string;
    special_vp_value?: number;
    /** Barbarian Attack: event cards for the production roll, the Tournament's reading, the
     * Harbormaster, a win the moment anyone holds the target. */
    event_cards?: boolean;
    tournament?: 'knights_on_board' | 'none';
    harbormaster?: boolean;
    win_off_turn?: boolean;
    /** A bank that never runs short: not the official rule. */
    unlimited_bank?: boolean;
  };
  /** The seed of the board the lobby previewed (a generated map such as the New World's). */
  map_seed?: number;
  /** A map of one's own (docs/map-format.md), played in place of the scenario's. */
  map?: MapFile;
}
export interface CreatedGame {
  id: string;
  seats: { seat: number; kind: string; name?: string | null; bot?: string | null; level?: string | null; token?: string | null; link?: string | null }[];
  spectate: string;
}

export async function createGame(body: NewGame): Promise<CreatedGame> {
  const res = await fetch('/api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(await errorText(res));
  return res.json();
}

/** Seat links this browser was given, kept so a person can come back to their games. */
export interface KeptSeat {
  seat: number;
  token: string;
}
const KEY = 'settlers.seats';

export function keptSeats(gameId: string): KeptSeat[] {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return all[gameId] ?? [];
  } catch {
    return [];
  }
}

export function keepSeats(gameId: string, seats: KeptSeat[]) {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    all[gameId] = seats;
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Private browsing: links still work, the lobby just cannot offer them again.
  }
}

export function seatLink(gameId: string, seat: number, token: string): string {
  return `/game/${encodeURIComponent(gameId)}?seat=${seat}&token=${encodeURIComponent(token)}`;
}
