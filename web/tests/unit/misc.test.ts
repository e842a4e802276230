import { describe, expect, test } from 'vitest';
import { reconnectDelay } from '../../src/lib/backoff';
import { route } from '../../src/lib/route';
import { seatName } from '../../src/lib/names';
import { actorName } from '../../src/lib/replay';
import type { GameRecord } from '../../src/lib/types';

describe('reconnecting', () => {
  test('waits 0.5 s, then twice as long each time, at most 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe('routes', () => {
  test('lobby, seat, hot seat, spectator, replay', () => {
    expect(route({ pathname: '/', search: '' })).toEqual({ page: 'lobby' });
    expect(route({ pathname: '/game/abc', search: '?seat=2&token=T-_x' })).toEqual({ page: 'game', id: 'abc', seat: 2, token: 'T-_x', hotseat: false });
    expect(route({ pathname: '/game/abc', search: '?hotseat' })).toEqual({ page: 'game', id: 'abc', seat: null, token: null, hotseat: true });
    expect(route({ pathname: '/game/abc', search: '' })).toMatchObject({ page: 'game', seat: null, token: null });
    expect(route({ pathname: '/game/abc', search: '?replay' })).toEqual({ page: 'replay', id: 'abc' });
  });

  test('a seat that is no number, or a token without a seat, is a bad link, not a spectator', () => {
    expect(route({ pathname: '/game/abc', search: '?seat=abc' })).toEqual({ page: 'bad-seat', id: 'abc', seat: 'abc' });
    expect(route({ pathname: '/game/abc', search: '?seat=1.5&token=T' })).toEqual({ page: 'bad-seat', id: 'abc', seat: '1.5' });
    expect(route({ pathname: '/game/abc', search: '?seat=-1&token=T' })).toEqual({ page: 'bad-seat', id: 'abc', seat: '-1' });
    expect(route({ pathname: '/game/abc', search: '?token=T' })).toEqual({ page: 'bad-seat', id: 'abc', seat: null });
  });

  test('a seat without its token goes to the server, which says why it may not play', () => {
    expect(route({ pathname: '/game/abc', search: '?seat=0' })).toEqual({ page: 'game', id: 'abc', seat: 0, token: null, hotseat: false });
  });
});

describe('seat names', () => {
  test('the name given, else a bot by the level the server says it plays, else by its name, else a person by their colour', () => {
    const s = {
      seats: [
        { seat: 0, kind: 'human' as const, name: 'Ada' },
        { seat: 1, kind: 'bot' as const, bot: 'heuristic:noise=0.3', level: 'easy' },
        { seat: 2, kind: 'human' as const },
        { seat: 3, kind: 'bot' as const, bot: 'random', level: null },
      ],
    };
    expect([0, 1, 2, 3].map((n) => seatName(s, n))).toEqual(['Ada', 'Bot (easy)', 'Green player', 'Bot (random)']);
    expect(seatName(null, 3)).toBe('Seat 3');
  });

  test('bots that read the same are told apart by their colour', () => {
    const s = { seats: [{ seat: 0, kind: 'human' as const, name: 'Ada' }, ...[1, 2, 3].map((seat) => ({ seat, kind: 'bot' as const, bot: 'mcts:ms=200', level: 'hard' }))] };
    expect([1, 2, 3].map((n) => seatName(s, n))).toEqual(['Orange bot (hard)', 'Green bot (hard)', 'Pink bot (hard)']);
  });
});

describe('replay', () => {
  const record: GameRecord = {
    format: 'settlers-record',
    version: 1,
    scenario: 'fog',
    map: {
      id: 'x',
      hexes: [
        { hex: '0,0', terrain: 'desert', number: null },
        { hex: '1,0', terrain: 'fog', number: null },
        { hex: '2,0', terrain: 'sea', number: null },
      ],
      robber: { start: 'the desert hex' },
      pirate: { start: '2,0' },
    },
    seats: [{ name: 'Ada' }, { bot: 'heuristic:noise=0.3' }],
    first_seat: 0,
    options: {},
    actions: [
      { actor: 0, action: 'build_settlement', corner: '0,0,N' },
      { actor: 0, action: 'build_road', edge: '0,0,NE' },
      { actor: 1, action: 'build_settlement', corner: '0,0,S' },
      { actor: 1, action: 'build_ship', edge: '1,0,E' },
      { actor: 'chance', action: 'dice', dice: [3, 4] },
      { actor: 1, action: 'move_robber', hex: '1,0' },
      { actor: 0, action: 'build_city', corner: '0,0,N' },
      { actor: 1, action: 'move_ship', from: '1,0,E', to: '1,0,SE' },
      { actor: 'chance', action: 'reveal_fog', hex: '1,0', terrain: 'hills', number: 5 },
    ],
  };

  test('who took an action: a name, a bot by the level the server says it plays, or chance', () => {
    const levels = [{ level: 'easy', title: 'Easy', bot: 'heuristic:noise=0.3', about: '' }];
    expect(actorName(record, record.actions[0], levels)).toBe('Ada');
    expect(actorName(record, record.actions[2], levels)).toBe('Bot (easy)');
    expect(actorName(record, record.actions[2])).toBe('Bot (heuristic:noise=0.3)');
    expect(actorName(record, record.actions[4], levels)).toBe('Chance');
  });
});
