// The game's WebSocket, reconnecting by itself with exponential backoff when it drops.

import { reconnectDelay } from './backoff';
import type { Action, ServerMessage } from './types';

export type SocketStatus =
  | { state: 'connecting'; attempt: number }
  | { state: 'open' }
  | { state: 'waiting'; attempt: number; delay: number }
  | { state: 'stopped'; reason: string };

export interface SocketHandlers {
  message: (m: ServerMessage) => void;
  status: (s: SocketStatus) => void;
}

export function socketUrl(gameId: string, seat: number | null, token: string | null, loc: Location = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  const query = seat != null && token ? `?seat=${seat}&token=${encodeURIComponent(token)}` : '';
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
    ws.onopen = () => {
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
      if (m.type === 'error' && m.kind === 'forbidden') this.stop(m.message);
      this.handlers.message(m);
    };
    ws.onclose = () => {
      if (this.ping) clearInterval(this.ping);
      this.ping = null;
      if (this.ws !== ws || this.stopped) return;
      const delay = reconnectDelay(this.attempt);
      this.attempt += 1;
      this.handlers.status({ state: 'waiting', attempt: this.attempt, delay });
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  send(msg: { type: 'act'; action: Action } | { type: 'ping' }): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  act(action: Action): boolean {
    return this.send({ type: 'act', action });
  }

  /** Stops for good (a wrong token, or the page leaves the game). */
  stop(reason = 'closed') {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.ws?.close();
    this.handlers.status({ state: 'stopped', reason });
  }
}
