// The map file as downloaded and uploaded (docs/map-format.md), and the server's check of it.

import type { MapFile } from '../types';

/** A problem the server's map check found (docs/protocol.md, "Maps"). */
export interface MapPlace {
  hex?: string;
  edge?: string;
  corner?: string;
}
export interface MapProblem {
  at: string;
  message: string;
  warning: boolean;
  places: MapPlace[];
}
export interface CheckAnswer {
  valid: boolean;
  problems: MapProblem[];
}

/** The map as a file's text: the format's name and version first, two-space indents. */
export function mapText(map: MapFile): string {
  const { format: _f, version, ...rest } = map;
  // Version 2 only when the map places harbors by the players (docs/map-format.md, "Version").
  const v = rest.harbor_placement ? 2 : typeof version === 'number' ? version : 1;
  return JSON.stringify({ format: 'settlers-map', version: v, ...rest }, null, 2) + '\n';
}

/** A file's name for the map: its id, made safe. */
export function fileName(map: MapFile): string {
  const id = (map.id || 'map').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'map';
  return `${id}.json`;
}

/** Reads an uploaded file's text: a map, or the words saying why it is none. */
export function readMapText(text: string): { map: MapFile } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `the file is not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'the file is not a map: a map is a JSON object' };
  const map = value as MapFile;
  if (!Array.isArray(map.hexes)) return { error: 'the file is not a map: it lists no `hexes`' };
  if (typeof map.id !== 'string') return { error: 'the file is not a map: it has no `id`' };
  return { map };
}

/** The problems standing at a hex or edge, for the board's marks. */
export function problemsAt(problems: MapProblem[], kind: 'hex' | 'edge', at: string): MapProblem[] {
  return problems.filter((p) => p.places.some((place) => place[kind] === at));
}

/** Why a map cannot be played yet, in words, or `null` when it can. */
export function whyNotPlayable(answer: CheckAnswer | null, checking: boolean): string | null {
  if (checking || answer === null) return 'The map is being checked.';
  if (answer.valid) return null;
  const errors = answer.problems.filter((p) => !p.warning);
  const first = errors[0];
  const count = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  return first ? `The map has ${count}: ${first.at}: ${first.message}` : 'The map cannot be played.';
}

/** A name to save under, from the map's title: lowercase words and hyphens, at most 40. */
export function saveName(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export const SAVE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
