// Axial pointy-top hexes (shared/rules/coordinates.md) to pixels, and the canonical names of
// the corners and edges around a hex. Only geometry: which of them may be used is the
// server's to say.

/** Centre-to-corner distance of a hex, in SVG units. */
export const SIZE = 60;
const ROOT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}
export interface HexPos {
  q: number;
  r: number;
}

export function parseHex(text: string): HexPos {
  const [q, r] = text.split(',').map(Number);
  return { q, r };
}

/** Centre of hex (q, r): x = √3·(q + r/2), y = 1.5·r, times SIZE. */
export function hexCentre(q: number, r: number): Point {
  return { x: SIZE * ROOT3 * (q + r / 2), y: SIZE * 1.5 * r };
}

export function hexCentreOf(text: string): Point {
  const { q, r } = parseHex(text);
  return hexCentre(q, r);
}

/** The six corners of a hex, clockwise from the top (N, NE, SE, S, SW, NW). */
export function hexPolygon(q: number, r: number, size = SIZE): Point[] {
  const c = hexCentre(q, r);
  const w = (ROOT3 / 2) * size;
  return [
    { x: c.x, y: c.y - size },
    { x: c.x + w, y: c.y - size / 2 },
    { x: c.x + w, y: c.y + size / 2 },
    { x: c.x, y: c.y + size },
    { x: c.x - w, y: c.y + size / 2 },
    { x: c.x - w, y: c.y - size / 2 },
  ];
}

export function points(ps: Point[]): string {
  return ps.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Where a canonical corner `q,r,N` or `q,r,S` is drawn. */
export function cornerPoint(text: string): Point {
  const [q, r, side] = text.split(',');
  const c = hexCentre(Number(q), Number(r));
  return { x: c.x, y: side === 'N' ? c.y - SIZE : c.y + SIZE };
}

/** The two corners of a canonical edge `q,r,NE|E|SE` (coordinates.md §5). */
export function edgeCorners(text: string): [string, string] {
  const [qs, rs, side] = text.split(',');
  const q = Number(qs);
  const r = Number(rs);
  switch (side) {
    case 'NE':
      return [`${q},${r},N`, `${q + 1},${r - 1},S`];
    case 'E':
      return [`${q + 1},${r - 1},S`, `${q},${r + 1},N`];
    case 'SE':
      return [`${q},${r + 1},N`, `${q},${r},S`];
    default:
      throw new Error(`not a canonical edge: ${text}`);
  }
}

/** The two hexes on either side of a canonical edge. */
export function edgeHexes(text: string): [string, string] {
  const [qs, rs, side] = text.split(',');
  const q = Number(qs);
  const r = Number(rs);
  switch (side) {
    case 'NE':
      return [`${q},${r}`, `${q + 1},${r - 1}`];
    case 'E':
      return [`${q},${r}`, `${q + 1},${r}`];
    case 'SE':
      return [`${q},${r}`, `${q},${r + 1}`];
    default:
      throw new Error(`not a canonical edge: ${text}`);
  }
}

export function edgeEnds(text: string): [Point, Point] {
  const [a, b] = edgeCorners(text);
  return [cornerPoint(a), cornerPoint(b)];
}

export function edgeMidpoint(text: string): Point {
  const [a, b] = edgeEnds(text);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** The canonical names of the six corners of hex (q, r) (coordinates.md §4). */
export function hexCorners(q: number, r: number): string[] {
  return [
    `${q},${r},N`,
    `${q + 1},${r - 1},S`,
    `${q},${r + 1},N`,
    `${q},${r},S`,
    `${q - 1},${r + 1},N`,
    `${q},${r - 1},S`,
  ];
}

/** The canonical names of the six sides of hex (q, r) (coordinates.md §5). */
export function hexEdges(q: number, r: number): string[] {
  return [
    `${q},${r},NE`,
    `${q},${r},E`,
    `${q},${r},SE`,
    `${q - 1},${r + 1},NE`,
    `${q - 1},${r},E`,
    `${q},${r - 1},SE`,
  ];
}

/**
 * Every corner and edge around the given hexes, in a stable order (row by row), so that each
 * can be drawn and named once.
 */
export function boardPlaces(hexes: string[]): { corners: string[]; edges: string[] } {
  const corners = new Set<string>();
  const edges = new Set<string>();
  for (const h of hexes) {
    const { q, r } = parseHex(h);
    for (const c of hexCorners(q, r)) corners.add(c);
    for (const e of hexEdges(q, r)) edges.add(e);
  }
  return { corners: sortPlaces([...corners]), edges: sortPlaces([...edges]) };
}

function sortPlaces(list: string[]): string[] {
  const order = ['N', 'NE', 'E', 'SE', 'S'];
  return list.sort((a, b) => {
    const [qa, ra, sa] = a.split(',');
    const [qb, rb, sb] = b.split(',');
    return Number(ra) - Number(rb) || Number(qa) - Number(qb) || order.indexOf(sa) - order.indexOf(sb);
  });
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The SVG view box that holds every hex, with a margin. */
export function viewBox(hexes: string[], margin = SIZE * 0.35, extra: Point[] = []): Box {
  if (hexes.length === 0) return { x: -SIZE, y: -SIZE, width: 2 * SIZE, height: 2 * SIZE };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const w = (ROOT3 / 2) * SIZE;
  for (const h of hexes) {
    const c = hexCentreOf(h);
    minX = Math.min(minX, c.x - w);
    maxX = Math.max(maxX, c.x + w);
    minY = Math.min(minY, c.y - SIZE);
    maxY = Math.max(maxY, c.y + SIZE);
  }
  for (const p of extra) {
    minX = Math.min(minX, p.x - SIZE * 0.3);
    maxX = Math.max(maxX, p.x + SIZE * 0.3);
    minY = Math.min(minY, p.y - SIZE * 0.3);
    maxY = Math.max(maxY, p.y + SIZE * 0.3);
  }
  return {
    x: round(minX - margin),
    y: round(minY - margin),
    width: round(maxX - minX + 2 * margin),
    height: round(maxY - minY + 2 * margin),
  };
}

/** The canonical names of the three edges meeting at a canonical corner (coordinates.md §5). */
export function cornerEdges(text: string): string[] {
  const [qs, rs, side] = text.split(',');
  const q = Number(qs);
  const r = Number(rs);
  switch (side) {
    case 'N':
      return [`${q},${r},NE`, `${q},${r - 1},SE`, `${q},${r - 1},E`];
    case 'S':
      return [`${q},${r},SE`, `${q - 1},${r + 1},NE`, `${q - 1},${r + 1},E`];
    default:
      throw new Error(`not a canonical corner: ${text}`);
  }
}

/** The edges sharing a corner with a canonical edge: one step of a knight (coordinates.md §5). */
export function edgeNeighbours(text: string): string[] {
  const out: string[] = [];
  for (const c of edgeCorners(text)) for (const e of cornerEdges(c)) if (e !== text && !out.includes(e)) out.push(e);
  return out;
}

/**
 * The three hexes meeting at a canonical corner: `q,r,N` is the top of (q,r) and touches the
 * two hexes above it; `q,r,S` is the bottom and touches the two below (coordinates.md §4).
 */
export function cornerHexes(text: string): string[] {
  const [qs, rs, side] = text.split(',');
  const q = Number(qs);
  const r = Number(rs);
  switch (side) {
    case 'N':
      return [`${q},${r}`, `${q},${r - 1}`, `${q + 1},${r - 1}`];
    case 'S':
      return [`${q},${r}`, `${q - 1},${r + 1}`, `${q},${r + 1}`];
    default:
      throw new Error(`not a canonical corner: ${text}`);
  }
}
