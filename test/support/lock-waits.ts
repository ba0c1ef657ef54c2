// Race tests hold a lock in a transaction of their own and let the other side run into it. Instead
// of sleeping and hoping the other side has got there, they wait until PostgreSQL shows it waiting:
// pg_locks holds a lock not granted whose blockers (pg_blocking_pids) lead to the holder. Bounded;
// on timeout the failure lists what was waiting on what. pg_locks and pg_blocking_pids are read
// live (unlike pg_stat_activity, which a transaction snapshots), so the holder's own connection
// may ask, inside its transaction. PostgreSQL only: PGlite serves one connection, nothing waits.
import assert from 'node:assert/strict';

/** A pg.Client or pg.Pool ({ rows }), or the kit's SqlDriver (rows). */
export interface LockReader {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

interface Waiter {
  pid: number;
  blockers: number[];
  locktype: string;
  mode: string;
  query: string | null;
}

async function waitersNow(db: LockReader): Promise<Waiter[]> {
  const result = await db.query(
    `SELECT l.pid, pg_blocking_pids(l.pid) AS blockers, l.locktype, l.mode,
            (SELECT a.query FROM pg_stat_activity a WHERE a.pid = l.pid) AS query
     FROM pg_locks l WHERE NOT l.granted`,
  );
  return (Array.isArray(result) ? result : (result as { rows: Waiter[] }).rows) as Waiter[];
}

/** The backend's pid, to name the holder (ask on the holder's own connection). */
export async function backendPid(db: LockReader): Promise<number> {
  const result = await db.query('SELECT pg_backend_pid() AS pid');
  const rows = (Array.isArray(result) ? result : (result as { rows: { pid: number }[] }).rows) as { pid: number }[];
  return rows[0]!.pid;
}

/**
 * Resolves with the waiting backends once at least `waiters` of them wait on a lock that `holderPid`
 * holds, directly or queued behind another such waiter (two transactions waiting for one row: the
 * first waits for the holder, the second for the first). Fails after `timeoutMs`.
 */
export async function waitUntilBlocked(
  db: LockReader,
  holderPid: number,
  { waiters = 1, timeoutMs = 15_000 }: { waiters?: number; timeoutMs?: number } = {},
): Promise<Waiter[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await waitersNow(db);
    const blocked = new Set<number>();
    // Follow the chains from the holder: whoever waits on it, then whoever waits on those.
    for (let grew = true; grew; ) {
      grew = false;
      for (const w of all) {
        if (!blocked.has(w.pid) && w.blockers.some((b) => b === holderPid || blocked.has(b))) {
          blocked.add(w.pid);
          grew = true;
        }
      }
    }
    const found = all.filter((w) => blocked.has(w.pid));
    if (new Set(found.map((w) => w.pid)).size >= waiters) return found;
    if (Date.now() > deadline) {
      assert.fail(`${waiters} backend(s) were to wait on a lock of backend ${holderPid} within ${timeoutMs} ms; waiting: ${JSON.stringify(all)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
