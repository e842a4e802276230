export type Route =
  | { page: 'lobby' }
  | { page: 'game'; id: string; seat: number | null; token: string | null; hotseat: boolean }
  | { page: 'replay'; id: string };

/** Which page a location shows. */
export function route(loc: { pathname: string; search: string }): Route {
  const m = loc.pathname.match(/^\/game\/([^/]+)\/?$/);
  if (!m) return { page: 'lobby' };
  const id = decodeURIComponent(m[1]);
  const q = new URLSearchParams(loc.search);
  if (q.has('replay')) return { page: 'replay', id };
  const seat = q.get('seat');
  const token = q.get('token');
  return {
    page: 'game',
    id,
    seat: seat != null && token ? Number(seat) : null,
    token: seat != null ? token : null,
    hotseat: q.has('hotseat'),
  };
}
