// The connection in words: the status line, and what the page says in place of a game it
// cannot show (no such game, a link the server refuses, a seat that is no number).

import type { SocketStatus } from './socket';

export function statusText(s: SocketStatus): string {
  switch (s.state) {
    case 'open':
      return 'Connected';
    case 'connecting':
      return s.attempt ? `Reconnecting (attempt ${s.attempt})…` : 'Connecting…';
    case 'waiting':
      return `Connection lost: reconnecting in ${Math.ceil(s.delay / 1000)} s (attempt ${s.attempt})…`;
    case 'stopped':
      return `Disconnected: ${s.reason}`;
  }
}

/** The page in place of a game: what went wrong, in words, and whether watching it may help. */
export interface NoGame {
  title: string;
  detail: string;
  /** The game exists: its spectator view is offered. */
  spectate: boolean;
}

/** Why no game can be shown, once the socket stopped for good; `null` while it may still connect. */
export function noGame(s: SocketStatus): NoGame | null {
  if (s.state !== 'stopped' || s.cause === 'left') return null;
  if (s.cause === 'missing') {
    return { title: 'This game does not exist', detail: `The server says: ${s.reason}. Check the link, or start a game in the lobby.`, spectate: false };
  }
  return { title: 'This link cannot play its seat', detail: `The server says: ${s.reason}.`, spectate: true };
}

/** Hot seat in a browser that holds none of the game's seats: there is nobody to play for. */
export function noSeatsHere(): NoGame {
  return {
    title: 'This browser holds no seats of this game',
    detail: 'Hot seat plays the seats made in this browser\'s lobby. Open a seat link instead, or watch the game.',
    spectate: true,
  };
}

/** A seat link the server refuses before any game is shown (route `bad-seat`). */
export function badSeat(seat: string | null): NoGame {
  const form = 'a seat link reads ?seat=N&token=…, N a number from 0';
  if (seat == null) return { title: 'This link has a token but no seat', detail: `It does not say which seat it plays: ${form}.`, spectate: true };
  return { title: "This link's seat is not a seat number", detail: `It says seat=${seat}: ${form}.`, spectate: true };
}
