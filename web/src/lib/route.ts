export type Route =
  | { page: 'lobby' }
  | { page: 'editor' }
  | { page: 'game'; id: string; seat: number | null; token: string | null; hotseat: boolean }
  | { page: 'replay'; id: string }
  /** A seat link the server refuses before any game is shown: `seat` is the text that is not a seat number, `null` when the link has a token and no seat. */
  | { page: 'bad-seat'; id: string; seat: string | null };

/** Which page a location shows. */
export function route(loc: { pathname: string; search: string }): Route {
  if (/^\/editor\/?$/.test(loc.pathname)) return { page: 'editor' };
  const m = loc.pathname.match(/^\/game\/([^/]+)\/?$/);
  if (!m) return { page: 'lobby' };
  const id = decodeURIComponent(m[1]);
  const q = new URLSearchParams(loc.search);
  if (q.has('replay')) return { page: 'replay', id };
  const hotseat = q.has('hotseat');
  if (hotseat) return { page: 'game', id, seat: null, token: null, hotseat };
  const seat = q.get('seat');
  const token = q.get('token') || null;
  if (seat == null) return token ? { page: 'bad-seat', id, seat: null } : { page: 'game', id, seat: null, token: null, hotseat };
  if (!/^\d+$/.test(seat)) return { page: 'bad-seat', id, seat };
  return { page: 'game', id, seat: Number(seat), token, hotseat };
}
