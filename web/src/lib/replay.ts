// Stepping through a finished game's record (docs/record-format.md) on the page. Only the
// places the actions name are drawn: pieces put down or moved, the robber and the pirate,
// fog turned over. Hands and points are not worked out here (that would take the rules); the
// record's result is shown at the end.

import type { GameRecord, MapFile, RecordEntry } from './types';

export interface ReplayBoard {
  map: MapFile;
  robber: string | null;
  pirate: string | null;
  dice: [number, number] | null;
  chits: [];
  players: { seat: number; settlements: string[]; cities: string[]; roads: string[]; ships: string[] }[];
}

function start(map: MapFile, key: 'robber' | 'pirate'): string | null {
  const s = (map[key] as { start?: string | null; used?: boolean } | null | undefined)?.start;
  if (s == null) return null;
  if (/^-?\d+,-?\d+$/.test(s)) return s;
  // "the desert hex": the first desert of the board.
  return map.hexes.find((h) => h.terrain === 'desert')?.hex ?? null;
}

/** The board after the first `n` actions of the record. */
export function boardAt(record: GameRecord, n: number): ReplayBoard {
  const map: MapFile = { ...record.map, hexes: record.map.hexes.map((h) => ({ ...h })) };
  const board: ReplayBoard = {
    map,
    robber: start(record.map, 'robber'),
    pirate: (record.map.pirate as { used?: boolean } | undefined)?.used === false ? null : start(record.map, 'pirate'),
    dice: null,
    chits: [],
    players: record.seats.map((_, seat) => ({ seat, settlements: [], cities: [], roads: [], ships: [] })),
  };
  for (const a of record.actions.slice(0, n)) {
    const p = typeof a.actor === 'number' ? board.players[a.actor] : null;
    switch (a.action) {
      case 'build_settlement':
        p?.settlements.push(a.corner as string);
        break;
      case 'build_city':
        if (p) {
          p.settlements = p.settlements.filter((c) => c !== a.corner);
          p.cities.push(a.corner as string);
        }
        break;
      case 'build_road':
        p?.roads.push(a.edge as string);
        break;
      case 'build_ship':
        p?.ships.push(a.edge as string);
        break;
      case 'move_ship':
        if (p) p.ships = [...p.ships.filter((e) => e !== a.from), a.to as string];
        break;
      case 'move_robber':
        board.robber = a.hex as string;
        break;
      case 'move_pirate':
        board.pirate = a.hex as string;
        break;
      case 'dice':
        board.dice = a.dice as [number, number];
        break;
      case 'reveal_fog': {
        const h = map.hexes.find((x) => x.hex === a.hex);
        if (h) {
          h.terrain = a.terrain as string;
          h.number = (a.number as number | undefined) ?? null;
        }
        break;
      }
    }
  }
  return board;
}

/** Who took an action, in words. */
export function actorName(record: GameRecord, entry: RecordEntry): string {
  if (entry.actor === 'chance') return 'Chance';
  const s = record.seats[entry.actor];
  return s?.name || (s?.bot ? `Bot ${entry.actor}` : `Seat ${entry.actor}`);
}
