// Seat colours from the Okabe–Ito palette (safe for the common colour-vision deficiencies),
// each with its own shape, so that no seat is told apart by colour alone.

export interface SeatStyle {
  colour: string;
  /** The colour's name in words (neutral seats are called by it). */
  name: string;
  /** A darker tone for outlines. */
  dark: string;
  shape: 'circle' | 'square' | 'triangle' | 'diamond';
  /** The shape's name in words, for legends and screen readers. */
  shapeName: string;
  /** The road's dash pattern (SVG stroke-dasharray), another cue beside colour. */
  dash: string;
}

export const SEAT_STYLES: SeatStyle[] = [
  { colour: '#0072B2', name: 'blue', dark: '#003d61', shape: 'circle', shapeName: 'circle', dash: '' },
  { colour: '#E69F00', name: 'orange', dark: '#7a5400', shape: 'square', shapeName: 'square', dash: '14 5' },
  { colour: '#009E73', name: 'green', dark: '#00513b', shape: 'triangle', shapeName: 'triangle', dash: '4 4' },
  { colour: '#CC79A7', name: 'pink', dark: '#6e3659', shape: 'diamond', shapeName: 'diamond', dash: '14 4 3 4' },
];

export function seatStyle(seat: number): SeatStyle {
  return SEAT_STYLES[seat % SEAT_STYLES.length];
}

/** An SVG path of the seat's shape centred on (0, 0), about `r` in radius. */
export function shapePath(shape: SeatStyle['shape'], r: number): string {
  switch (shape) {
    case 'circle':
      return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
    case 'square':
      return `M ${-r * 0.85} ${-r * 0.85} H ${r * 0.85} V ${r * 0.85} H ${-r * 0.85} Z`;
    case 'triangle':
      return `M 0 ${-r} L ${r} ${r * 0.8} L ${-r} ${r * 0.8} Z`;
    case 'diamond':
      return `M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`;
  }
}

export interface TerrainStyle {
  fill: string;
  label: string;
  /** The resource the terrain yields, in words, when it yields one. */
  yields?: string;
}

export const TERRAIN: Record<string, TerrainStyle> = {
  fields: { fill: '#F0CF5A', label: 'fields', yields: 'grain' },
  forest: { fill: '#2F7D3B', label: 'forest', yields: 'lumber' },
  pasture: { fill: '#A3D16B', label: 'pasture', yields: 'wool' },
  hills: { fill: '#C7683F', label: 'hills', yields: 'brick' },
  mountains: { fill: '#8E96A3', label: 'mountains', yields: 'ore' },
  desert: { fill: '#E9DDB0', label: 'desert' },
  gold: { fill: '#E2B13C', label: 'gold field', yields: 'gold' },
  sea: { fill: '#5CA7D8', label: 'sea' },
  fog: { fill: '#B9C0C8', label: 'fog (not yet discovered)' },
  castle: { fill: '#9C8F84', label: 'castle' },
};

export function terrainStyle(terrain: string | null | undefined): TerrainStyle {
  return (terrain && TERRAIN[terrain]) || { fill: '#cccccc', label: terrain ?? 'unknown' };
}

export const RESOURCE_COLOUR: Record<string, string> = {
  brick: TERRAIN.hills.fill,
  lumber: TERRAIN.forest.fill,
  wool: TERRAIN.pasture.fill,
  grain: TERRAIN.fields.fill,
  ore: TERRAIN.mountains.fill,
};
