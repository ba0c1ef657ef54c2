// Read-your-writes for a value another service copies from events. The balance in GET /api/auth/user
// is auth's copy of the ledger's, applied from civic.ledger.balance.changed a moment after the ledger
// answered (docs/ledger.md): on the distributed profile the first read after a credit or a debit almost
// always still shows the old balance, and with staleTime Infinity it would stay on screen. So the value
// is read again a few times, backing off, until it moved or the time is up. The one such loop: the
// briefing area reads the dashboard's Talking Points tile (another service's count) the same way.

/** Pauses between the reads after the first; about 3.5 s in all, then the last read stands. */
export const CATCH_UP_DELAYS_MS: readonly number[] = [150, 400, 1000, 2000];

export interface RefetchUntilChanged<T> {
  /** The value as currently cached. */
  read: () => T;
  /** Reads it again from the server (and caches it). */
  refetch: () => Promise<void>;
  /** The value before the change. */
  before: T;
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Refetches once, then again after each delay while the value still equals `before`; true once it moved. */
export async function refetchUntilChanged<T>({
  read,
  refetch,
  before,
  delaysMs = CATCH_UP_DELAYS_MS,
  sleep = pause,
}: RefetchUntilChanged<T>): Promise<boolean> {
  await refetch();
  for (const delay of delaysMs) {
    if (read() !== before) return true;
    await sleep(delay);
    await refetch();
  }
  return read() !== before;
}
