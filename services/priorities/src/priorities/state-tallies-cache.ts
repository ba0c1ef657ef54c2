// Each state's tallies (docs/ranking.md section 7), kept in memory per process for
// PRIORITIES_STATE_TALLIES_MS (60 s). Counting them reads every vote of the state's members, and the
// votes of one member are scattered over the votes table, so PostgreSQL reads the table through
// (docs/ranking.md section 7); the agenda by state is not the live national ranking, so
// a state's list may be that much behind. It also blunts differencing: a tally that changes at most
// once a period does not tell which single vote moved it (who counts in a state changes only at the
// hourly epochs, members/apply-state-epoch.ts). Rebuilds are single-flight per state; a failed read
// is not kept.

/** A state's counted votes: priorities with at least STATE_TALLY_MIN_VOTERS of them, and its voters. */
export interface StateTallies {
  /**
   * Priority id → its tally; only active priorities with enough of the state's voters are present,
   * in the state order (a Map keeps insertion order), so an unfiltered page is a slice of it.
   */
  tallies: ReadonlyMap<string, { endorsements: number; oppositions: number }>;
  votersCounted: number;
}

export interface StateTalliesCache {
  read(state: string): Promise<StateTallies>;
}

interface Entry {
  builtAt: number;
  tallies: Promise<StateTallies>;
}

export function createStateTalliesCache(
  load: (state: string) => Promise<StateTallies>,
  maxAgeMs: number,
  now: () => number = () => performance.now(),
): StateTalliesCache {
  const entries = new Map<string, Entry>();
  return {
    read(state) {
      const current = entries.get(state);
      // maxAgeMs 0 (tests): every read counts afresh, and readers at the same moment share it.
      if (current && now() - current.builtAt <= maxAgeMs) return current.tallies;
      const tallies = load(state);
      const built: Entry = { builtAt: now(), tallies };
      entries.set(state, built);
      tallies.catch(() => {
        if (entries.get(state) === built) entries.delete(state);
      });
      return tallies;
    },
  };
}
