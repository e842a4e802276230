// The game's WebSocket, reconnecting by itself with exponential backoff when it drops, and
// stopping for good when no retry can succeed: a link the server refuses, or no such game.

import { reconnectDelay } from './backoff';
import type { Action, CounterTerms, ServerMessage } from './types';

/** Why a socket stopped for good: the game does not exist, the server refused the link, or the page left. */
export type StopCause = 'missing' | 'refused' | 'left';

export type SocketStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'waiting'; attempt: number; delay: number }
  | { state: 'stopped'; reason: string; cause: StopCause };

export interface SocketHandlers {
  message: (m: ServerMessage) => void;
  status: (s: SocketStatus) => void;
  /**
   * Asked when a connection closed without ever opening: the server's words when the game
   * does not exist (then no retry can succeed), else `null`.
   */
  missingGame?: () => Promise<string | null>;
}

export function socketUrl(gameId: string, seat: number | null, token: string | null, loc: Location = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  // A seat without its token goes to the server too, which says why it may not play.
  const query = seat == null ? '' : token ? `?seat=${seat}&token=${encodeURIComponent(token)}` : `?seat=${seat}`;
  return `${scheme}://${loc.host}/api/games/${encodeURIComponent(gameId)}/ws${query}`;
}

export class GameSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private url: string,
    private handlers: SocketHandlers,
  ) {
    this.connect();
  }

  private connect() {
    if (this.stopped) return;
    this.handlers.status({ state: 'connecting', attempt: this.attempt });
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.handlers.status({ state: 'open' });
      this.ping = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.type === 'error' && m.kind === 'forbidden') this.stop(m.message, 'refused');
      this.handlers.message(m);
    };
    ws.onclose = () => {
      if (this.ping) clearInterval(this.ping);
      this.ping = null;
      if (this.ws !== ws || this.stopped) return;
      const missingGame = this.handlers.missingGame;
      if (opened || !missingGame) {
        this.retry();
        return;
      }
      // The server answered the upgrade with an error, or could not be reached: only an
      // HTTP question tells a game that is gone from a server that is down.
      missingGame()
        .catch(() => null)
        .then((reason) => {
          if (this.stopped) return;
          if (reason) this.stop(reason, 'missing');
          else this.retry();
        });
    };
  }

  private retry() {
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.handlers.status({ state: 'waiting', attempt: this.attempt, delay });
    this.timer = setTimeout(() => this.connect(), delay);
  }

  send(msg: { type: 'act'; action: Action } | ({ type: 'counter' } & CounterTerms) | { type: 'answer_counter'; from: number; accept: boolean } | { type: 'ping' }): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  act(action: Action): boolean {
    return this.send({ type: 'act', action });
  }

  /** A counter-offer to the open trade offer: what this seat would give, and get. */
  counter(terms: CounterTerms): boolean {
    return this.send({ type: 'counter', ...terms });
  }

  /** The offerer takes up or refuses the counter-offer of seat `from`. */
  answerCounter(from: number, accept: boolean): boolean {
    return this.send({ type: 'answer_counter', from, accept });
  }

  /** Stops for good (a wrong token, no such game, or the page leaves the game). */
  stop(reason = 'closed', cause: StopCause = 'left') {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.ws?.close();
    this.handlers.status({ state: 'stopped', reason, cause });
  }
}
