// Read-your-writes for values another service copies from events. A follow or block answers with the
// state after it (isFollowing, the counts), but GET /api/auth/user (auth's read model) and the profile
// answer (account's) learn of it from social's events a moment later: read at once, they would still
// show the old counts, and with staleTime Infinity those would stay on screen. So the cached answer
// takes the new values at once, then the server is read again, backing off, until it agrees; its
// answer then replaces the patched one (after about 3.5 s the server's answer stands as it is).

/** Pauses between the reads after the first. */
export const SETTLE_DELAYS_MS: readonly number[] = [150, 400, 1000, 2000];

/** `current` with the patch's values for the fields it has (a private profile has no counts to patch). */
export function patchKnownFields<T extends object>(current: T, patch: Partial<T>): T {
  const known = Object.entries(patch).filter(([key]) => key in current);
  return { ...current, ...Object.fromEntries(known) };
}

/** Whether the server's answer already shows every patched value it has a field for. */
export function agreesWith<T extends object>(fresh: T, patch: Partial<T>): boolean {
  return Object.entries(patch).every(([key, value]) => !(key in fresh) || (fresh as Record<string, unknown>)[key] === value);
}

export interface SettleCachedRead<T extends object> {
  /** The cached answer now (undefined when nothing is cached: then there is nothing to patch). */
  read: () => T | undefined;
  write: (value: T) => void;
  /** Reads the server's answer without touching the cache. */
  fetch: () => Promise<T>;
  patch: Partial<T>;
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Patches the cached answer, then reads the server until it agrees; true when it did in time. */
export async function settleCachedRead<T extends object>({
  read,
  write,
  fetch,
  patch,
  delaysMs = SETTLE_DELAYS_MS,
  sleep = pause,
}: SettleCachedRead<T>): Promise<boolean> {
  const current = read();
  if (current !== undefined) write(patchKnownFields(current, patch));
  let fresh = await fetch();
  for (const delay of delaysMs) {
    if (agreesWith(fresh, patch)) break;
    await sleep(delay);
    fresh = await fetch();
  }
  write(fresh);
  return agreesWith(fresh, patch);
}
