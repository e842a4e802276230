/** How long to wait before reconnection attempt `attempt` (0, 1, 2, …): 0.5 s doubling, at most 15 s. */
export function reconnectDelay(attempt: number, base = 500, most = 15000): number {
  return Math.min(most, base * 2 ** Math.max(0, attempt));
}
