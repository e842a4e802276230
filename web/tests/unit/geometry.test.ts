import { describe, expect, test } from 'vitest';
import { SIZE, boardPlaces, cornerHexes, cornerPoint, edgeCorners, edgeEnds, edgeHexes, hexCentre, hexCorners, hexEdges, viewBox } from '../../src/lib/geometry';

const near = (a: number, b: number, within = 1e-9) => expect(Math.abs(a - b)).toBeLessThan(within);

describe('hexes to pixels (coordinates.md: x = √3·(q + r/2), y = 1.5·r)', () => {
  test('centres', () => {
    expect(hexCentre(0, 0)).toEqual({ x: 0, y: 0 });
    near(hexCentre(1, 2).x, SIZE * Math.sqrt(3) * 2);
    near(hexCentre(1, 2).y, SIZE * 3);
    near(hexCentre(-1, 2).x, 0);
  });

  test('N and S corners are straight above and below the centre', () => {
    const c = hexCentre(1, 2);
    expect(cornerPoint('1,2,N')).toEqual({ x: c.x, y: c.y - SIZE });
    expect(cornerPoint('1,2,S')).toEqual({ x: c.x, y: c.y + SIZE });
  });

  test('the six corners of a hex have their canonical names, and sit where they should', () => {
    expect(hexCorners(2, 0)).toEqual(['2,0,N', '3,-1,S', '2,1,N', '2,0,S', '1,1,N', '2,-1,S']);
    // The NE corner of (2,0) is the S corner of (3,-1) (coordinates.md §1 example).
    const c = hexCentre(2, 0);
    const ne = cornerPoint('3,-1,S');
    near(ne.x, c.x + (Math.sqrt(3) / 2) * SIZE);
    near(ne.y, c.y - SIZE / 2);
  });

  test('a corner touches three hexes, each of which names it among its corners', () => {
    expect(cornerHexes('2,2,N')).toEqual(['2,2', '2,1', '3,1']);
    expect(cornerHexes('2,2,S')).toEqual(['2,2', '1,3', '2,3']);
    for (const corner of ['2,2,N', '0,3,S', '-1,4,N']) {
      for (const h of cornerHexes(corner)) {
        const [q, r] = h.split(',').map(Number);
        expect(hexCorners(q, r)).toContain(corner);
      }
    }
    expect(() => cornerHexes('1,0,E')).toThrow();
  });

  test('edges join their two corners (coordinates.md §5)', () => {
    expect(edgeCorners('0,0,NE')).toEqual(['0,0,N', '1,-1,S']);
    expect(edgeCorners('0,0,E')).toEqual(['1,-1,S', '0,1,N']);
    expect(edgeCorners('0,0,SE')).toEqual(['0,1,N', '0,0,S']);
    expect(edgeHexes('1,-2,E')).toEqual(['1,-2', '2,-2']);
    const [a, b] = edgeEnds('3,2,E');
    near(a.x, b.x); // every E edge is vertical
    expect(() => edgeCorners('0,0,W')).toThrow();
  });

  test('the sides of a hex have their canonical names', () => {
    expect(hexEdges(1, 0)).toEqual(['1,0,NE', '1,0,E', '1,0,SE', '0,1,NE', '0,0,E', '1,-1,SE']);
  });

  test('one hex has 6 corners and 6 edges; the base board 54 corners and 72 edges', () => {
    const one = boardPlaces(['0,0']);
    expect(one.corners).toHaveLength(6);
    expect(one.edges).toHaveLength(6);
    const base: string[] = [];
    const rows: [number, number, number][] = [[0, 1, 3], [1, 0, 3], [2, -1, 3], [3, -1, 2], [4, -1, 1]];
    for (const [r, from, to] of rows) for (let q = from; q <= to; q++) base.push(`${q},${r}`);
    const places = boardPlaces(base);
    expect(places.corners).toHaveLength(54);
    expect(places.edges).toHaveLength(72);
    expect(places.corners).toContain('1,0,N');
    expect(places.edges).toContain('1,-1,SE');
  });

  test('the view box holds every hex', () => {
    const box = viewBox(['0,0', '2,0'], 0);
    // Rounded to hundredths of a unit.
    near(box.x, -(Math.sqrt(3) / 2) * SIZE, 0.006);
    near(box.y, -SIZE, 0.006);
    near(box.height, 2 * SIZE, 0.006);
    near(box.width, 3 * Math.sqrt(3) * SIZE, 0.006);
  });
});
