// The server's map routes (docs/protocol.md, "Maps"), for the editor and the lobby.

import type { MapFile } from '../types';
import type { CheckAnswer, MapProblem } from './file';

export interface SavedMapEntry {
  name: string;
  title: string;
  players: number[];
  saved: number;
}
export interface BuiltInMapEntry {
  id: string;
  title: string;
  players: number[];
}

async function answer<T>(res: Response): Promise<T> {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
  return body as T;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const checkMap = (map: MapFile) => fetch('/api/maps/check', json('POST', map)).then((r) => answer<CheckAnswer>(r));
export const savedMaps = () => fetch('/api/maps').then((r) => answer<{ maps: SavedMapEntry[] }>(r));
export const savedMap = (name: string) => fetch(`/api/maps/${encodeURIComponent(name)}`).then((r) => answer<{ name: string; map: MapFile }>(r));
export const builtInMaps = () => fetch('/api/built-in-maps').then((r) => answer<{ maps: BuiltInMapEntry[] }>(r));
export const builtInMap = (id: string) => fetch(`/api/built-in-maps/${encodeURIComponent(id)}`).then((r) => answer<{ id: string; map: MapFile }>(r));

/** A save refused because the map cannot be played: its problems come with the words. */
export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly problems: MapProblem[],
  ) {
    super(message);
  }
}

const TOKENS = 'settlers.map-tokens';

/** The edit tokens this browser holds, by map name (a name is its saver's: docs/protocol.md). */
export function mapTokens(): Record<string, string> {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(TOKENS) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

/** Saves the map under `name`, with this browser's token for it if it has one. */
export async function saveMap(name: string, map: MapFile): Promise<void> {
  const tokens = mapTokens();
  const res = await fetch(`/api/maps/${encodeURIComponent(name)}`, json('PUT', { map, ...(tokens[name] ? { token: tokens[name] } : {}) }));
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    if (body?.problems) throw new SaveRefused(body.error, body.problems);
    throw new Error(body?.error ?? `${res.status} ${res.statusText}`);
  }
  if (body?.token) {
    tokens[name] = body.token;
    globalThis.localStorage?.setItem(TOKENS, JSON.stringify(tokens));
  }
}
