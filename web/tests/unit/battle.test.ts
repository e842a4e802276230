import { describe, expect, test } from 'vitest';
import { battleOf, landingResult, strengthText } from '../../src/lib/battle';
import { COORDINATES } from '../../src/lib/places';

const names = (s: number) => ['Ada', 'Bea', 'Cy'][s];
const places = { ...COORDINATES, hex: (h: string) => (h === '2,1' ? 'the hills 5' : 'the forest 9') };

describe('a barbarian battle as it happens', () => {
  test('nothing of barbarians in the events: no battle', () => {
    expect(battleOf([{ event: 'dice_rolled', seat: 0, dice: [3, 4], total: 7 }], names, places)).toBeNull();
  });

  test('the ship lands: where, how many there now, and a hex conquered at three', () => {
    const b = battleOf([{ event: 'barbarians_landed', hex: '2,1', total: 5, landed: true, barbarians: 3 }], names, places)!;
    expect(b.fights).toEqual([]);
    expect(b.landings).toHaveLength(1);
    expect(b.landings[0].text).toBe('Barbarians land on the hills 5 (rolled 5): 3 barbarians there, the hex is conquered');
    expect(landingResult(b.landings[0])).toBe('Three barbarians: the hex is conquered and produces nothing.');
    const two = battleOf([{ event: 'barbarians_landed', hex: '2,1', total: 5, landed: true, barbarians: 2 }], names, places)!;
    expect(landingResult(two.landings[0])).toBe('2 barbarians on the coast now.');
  });

  test('the strengths compared, then what came of each battle, in order', () => {
    const b = battleOf(
      [
        { event: 'battle_won', hex: '2,1', barbarians: 2, knights: 3 },
        { event: 'rolled_off', dice: [5, 2, 0] },
        { event: 'prisoners_won', seat: 0, prisoners: 2 },
        { event: 'gold_won', seat: 1, gold: 3 },
        { event: 'battle_won', hex: '0,4', barbarians: 1, knights: 2 },
        { event: 'prisoners_won', seat: 2, prisoners: 1 },
      ],
      names,
      places,
    )!;
    expect(b.fights.map((f) => strengthText(f, places))).toEqual(['At the hills 5: 3 knights against 2 barbarians', 'At the forest 9: 2 knights against 1 barbarian']);
    expect(b.fights[0].results).toEqual(['Roll-off for prisoners: Ada 5, Bea 2', 'Ada takes 2 prisoners', 'Bea receives 3 gold']);
    expect(b.fights[1].results).toEqual(['Cy takes 1 prisoner']);
    for (const f of b.fights) for (const line of [strengthText(f, places), ...f.results]) expect(line).not.toMatch(/-?\d+,-?\d+/);
  });
});
