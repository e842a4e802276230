import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GameSocket, socketUrl, type SocketStatus } from '../../src/lib/socket';
import { missingGame } from '../../src/lib/api';
import { badSeat, noGame, noSeatsHere, statusText } from '../../src/lib/connection';

/** A WebSocket the test opens, closes and feeds by hand; every one made is kept. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  fail() {
    this.readyState = 3;
    this.onclose?.();
  }
}

function watch(missing?: () => Promise<string | null>) {
  const statuses: SocketStatus[] = [];
  const socket = new GameSocket('ws://here/api/games/x/ws', { message: () => {}, status: (s) => statuses.push(s), missingGame: missing });
  return { socket, statuses, last: () => statuses[statuses.length - 1] };
}

describe('the socket stops for good when no retry can succeed', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('a game the server does not have: stopped with its words, never tried again', async () => {
    const w = watch(async () => 'there is no game `nope`');
    FakeSocket.made[0].fail();
    await vi.runAllTimersAsync();
    expect(w.last()).toEqual({ state: 'stopped', reason: 'there is no game `nope`', cause: 'missing' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  test('a server that cannot be reached: tried again after the backoff', async () => {
    const w = watch(async () => null);
    FakeSocket.made[0].fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.last()).toEqual({ state: 'waiting', attempt: 1, delay: 500 });
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(2);
    expect(w.last()).toEqual({ state: 'connecting', attempt: 1 });
  });

  test('a connection that was open and dropped is tried again without asking', async () => {
    const missing = vi.fn(async () => 'there is no game `x`');
    const w = watch(missing);
    FakeSocket.made[0].open();
    FakeSocket.made[0].fail();
    expect(w.last()).toEqual({ state: 'waiting', attempt: 1, delay: 500 });
    expect(missing).not.toHaveBeenCalled();
  });

  test('a link the server refuses (a wrong token): stopped, never tried again', async () => {
    const w = watch(async () => null);
    const ws = FakeSocket.made[0];
    ws.open();
    ws.onmessage!({ data: JSON.stringify({ type: 'error', kind: 'forbidden', message: 'this token does not play seat 0' }) });
    ws.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.last()).toEqual({ state: 'stopped', reason: 'this token does not play seat 0', cause: 'refused' });
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe('whether the server has the game', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  test('a 404 or a 410 gives the server\'s words; a game that is there, another error or no server give null', async () => {
    vi.stubGlobal('fetch', answer(404, { error: 'there is no game `nope`' }));
    expect(await missingGame('nope')).toBe('there is no game `nope`');
    vi.stubGlobal('fetch', answer(410, { error: 'game x was abandoned: nothing was played in it for a long time' }));
    expect(await missingGame('x')).toBe('game x was abandoned: nothing was played in it for a long time');
    vi.stubGlobal('fetch', answer(200, { id: 'x', seats: [] }));
    expect(await missingGame('x')).toBeNull();
    vi.stubGlobal('fetch', answer(500, { error: 'the database is down' }));
    expect(await missingGame('x')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await missingGame('x')).toBeNull();
  });
});

describe('the connection in words', () => {
  test('the status line', () => {
    expect(statusText({ state: 'open' })).toBe('Connected');
    expect(statusText({ state: 'waiting', attempt: 6, delay: 15000 })).toBe('Connection lost: reconnecting in 15 s (attempt 6)…');
    expect(statusText({ state: 'stopped', reason: 'there is no game `x`', cause: 'missing' })).toBe('Disconnected: there is no game `x`');
  });

  test('in place of the game: no such game, a refused link; nothing while it may still connect', () => {
    expect(noGame({ state: 'stopped', reason: 'there is no game `x`', cause: 'missing' })).toEqual({
      title: 'This game does not exist',
      detail: 'The server says: there is no game `x`. Check the link, or start a game in the lobby.',
      spectate: false,
    });
    expect(noGame({ state: 'stopped', reason: 'this token does not play seat 0', cause: 'refused' })).toMatchObject({
      title: 'This link cannot play its seat',
      spectate: true,
    });
    expect(noGame({ state: 'stopped', reason: 'left the game', cause: 'left' })).toBeNull();
    expect(noGame({ state: 'waiting', attempt: 6, delay: 15000 })).toBeNull();
  });

  test('hot seat in a browser holding none of the seats offers the spectator view', () => {
    expect(noSeatsHere()).toMatchObject({ title: 'This browser holds no seats of this game', spectate: true });
  });

  test('a seat that is no number, or a token without a seat', () => {
    expect(badSeat('abc')).toEqual({
      title: "This link's seat is not a seat number",
      detail: 'It says seat=abc: a seat link reads ?seat=N&token=…, N a number from 0.',
      spectate: true,
    });
    expect(badSeat(null).title).toBe('This link has a token but no seat');
  });
});

describe('the socket address', () => {
  const loc = { protocol: 'https:', host: 'example.org' } as Location;
  test('a spectator, a seat with its token, a seat without one (the server says why it may not play)', () => {
    expect(socketUrl('a b', null, null, loc)).toBe('wss://example.org/api/games/a%20b/ws');
    expect(socketUrl('g', 1, 'T+/', loc)).toBe('wss://example.org/api/games/g/ws?seat=1&token=T%2B%2F');
    expect(socketUrl('g', 0, null, loc)).toBe('wss://example.org/api/games/g/ws?seat=0');
  });
});
