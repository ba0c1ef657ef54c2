// How long the live rankings stream waits before it is opened again after the browser gave up on it
// (a non-200 answer: signed out 401, too many streams open 429, the server busy 503, a restart).
// EventSource cannot read the status, so every refusal backs off alike: 5 s, then doubling to one
// try a minute, and back to 5 s once a stream opens. A refusal that lasts (a sixth tab over the
// per-user limit) then costs one request a minute instead of twelve.
export const FIRST_RECONNECT_DELAY_MS = 5000;
export const MAX_RECONNECT_DELAY_MS = 60_000;

/** The wait before the next try, after `failures` refusals in a row (1 for the first). */
export function reconnectDelayMs(failures: number): number {
  const doublings = Math.max(0, Math.min(failures - 1, 10));
  return Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** doublings, MAX_RECONNECT_DELAY_MS);
}
