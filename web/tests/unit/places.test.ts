import { describe, expect, test } from 'vitest';
import { COORDINATES, placeNames, placeText } from '../../src/lib/places';
import { actionText, describeWithNames, eventText, prompt } from '../../src/lib/text';
import type { ViewData } from '../../src/lib/types';

// A small board: three land hexes meeting at the corner 1,0,S (the bottom of 1,0, the top
// of 0,1 and 1,1), the sea around them, and a second hills 5 far away.
const map = {
  hexes: [
    { hex: '1,0', terrain: 'forest', number: 9 },
    { hex: '0,1', terrain: 'fields', number: 6 },
    { hex: '1,1', terrain: 'hills', number: 5 },
    { hex: '2,0', terrain: 'sea', number: null },
    { hex: '2,1', terrain: 'sea', number: null },
    { hex: '-3,4', terrain: 'hills', number: 5 },
    { hex: '0,0', terrain: 'gold', number: 4 },
  ],
};
const names = (s: number) => ['Ada', 'Bea', 'Cy', 'Dee'][s];
const words = placeNames(map);
const COORDINATE = /-?\d+,-?\d+/;

describe('places in words', () => {
  test('a hex by its terrain and number, two alike told apart by where they lie', () => {
    expect(words.hex('1,0')).toBe('the forest 9');
    expect(words.hex('0,0')).toBe('the gold field 4');
    // A sea hex by the land beside it (the pirate's, the fleet's), else by its direction.
    expect(words.hex('2,0')).toBe('the sea by the hills 5 in the east and the forest 9');
    expect(words.hex('5,5')).toBe('the open sea in the south-east');
    expect(words.hex('1,1')).toBe('the hills 5 in the east');
    expect(words.hex('-3,4')).toBe('the hills 5 in the south-west');
  });

  test('a corner by the hexes it touches, the land first and the sea once', () => {
    expect(words.corner('1,0,S')).toBe('between the forest 9, the fields 6 and the hills 5 in the east');
    // 1,0,N touches 1,0, 1,-1 (off the board) and 2,-1 (off the board).
    expect(words.corner('1,0,N')).toBe('between the forest 9 and the sea');
    // 2,0,S touches 2,0 and 2,1 (sea) and 1,1 (hills).
    expect(words.corner('2,0,S')).toBe('between the hills 5 in the east and the sea');
  });

  test('an edge by its two hexes; out at sea by its direction', () => {
    expect(words.edge('1,0,SE')).toBe('between the forest 9 and the hills 5 in the east');
    expect(words.edge('1,1,E')).toBe('between the hills 5 in the east and the sea');
    expect(words.edge('2,0,SE')).toBe('out at sea in the east');
    expect(placeText(words, '1,0,SE')).toBe(words.edge('1,0,SE'));
    expect(placeText(words, '1,0,S')).toBe(words.corner('1,0,S'));
    expect(placeText(words, '1,0')).toBe('the forest 9');
  });

  test('coordinates stay the default, after their preposition', () => {
    expect(COORDINATES.corner('1,0,S')).toBe('at 1,0,S');
    expect(COORDINATES.edge('1,0,SE', 'on')).toBe('on 1,0,SE');
    expect(eventText({ event: 'settlement_built', seat: 0, corner: '1,0,S' }, names)).toBe('Ada built a settlement at 1,0,S');
  });

  test('the log names every place in words', () => {
    const events = [
      { event: 'settlement_built', seat: 0, corner: '1,0,S' },
      { event: 'city_built', seat: 1, corner: '1,0,N' },
      { event: 'road_built', seat: 2, edge: '1,1,E' },
      { event: 'ship_built', seat: 2, edge: '2,0,SE' },
      { event: 'ship_moved', seat: 2, from: '2,0,SE', to: '1,1,E' },
      { event: 'robber_moved', seat: 3, hex: '1,0' },
      { event: 'knight_placed', seat: 1, edge: '1,0,SE' },
      { event: 'knight_moved', seat: 1, from: '1,0,SE', to: '1,1,E', grain: true },
      { event: 'barbarians_landed', hex: '1,0', total: 6, barbarians: 1, landed: true },
      { event: 'trade_established', seat: 0, village: '1,0,S', cloth: 1 },
    ];
    const lines = events.map((e) => eventText(e, names, words));
    for (const line of lines) expect(line).not.toMatch(COORDINATE);
    expect(lines[0]).toBe('Ada built a settlement between the forest 9, the fields 6 and the hills 5 in the east');
    expect(lines[2]).toBe('Cy built a road between the hills 5 in the east and the sea');
    expect(lines[4]).toBe('Cy moved a ship from the path out at sea in the east to the path between the hills 5 in the east and the sea');
    expect(lines[5]).toBe('Dee moved the robber to the forest 9');
  });

  test('actions and the engine’s words name places in words', () => {
    expect(actionText({ action: 'build_settlement', corner: '1,0,N' }, names, {}, words)).toBe('Build a settlement between the forest 9 and the sea');
    expect(actionText({ action: 'move_robber', hex: '1,0', victim: 1 }, names, {}, words)).toBe('Move the robber to the forest 9 and take a card from Bea');
    expect(describeWithNames('seat 1 may not build at 1,0,S', names, words)).toBe('Bea may not build between the forest 9, the fields 6 and the hills 5 in the east');
    expect(describeWithNames('seat 1 rolls', names, words)).toBe('Bea rolls');
  });

  test('a prompt about a knight names its path', () => {
    const view = { map, viewer: 0, phase: 'main', players: [{ seat: 0 }], barbarians: { castle: '9,9', knights: [] } } as unknown as ViewData;
    const legal = { actions: [{ action: 'move_knight', from: '1,0,SE', to: '1,1,E' }], discard: null, gold: null, offer: null } as never;
    const text = prompt(view, legal, names, { knight: '1,0,SE' }).text;
    expect(text).not.toMatch(COORDINATE);
  });
});
