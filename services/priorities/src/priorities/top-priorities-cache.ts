// The first TOP_DEPTH priorities of the unfiltered rank order, kept in memory, serialised and
// viewer-independent (docs/ranking.md 5a): the dashboard and first pages read them far more often than
// votes change them. Every vote and creation this process sees invalidates it; TTL_MS bounds what
// only another replica's consumer applies (names, erasure). Rebuilds are single-flight.

/** How deep the cached list goes: the dashboard's top 10 and All Priorities' first four pages. */
export const TOP_DEPTH = 200;
const TTL_MS = 1_000;

/** A priority of the top list: its id, and its JSON (a TPriority without userVote) less the closing brace. */
export interface CachedPriority {
  id: string;
  jsonHead: string;
}

export interface TopPrioritiesCache {
  /** The first TOP_DEPTH priorities in rank order (ranks as the unfiltered list gives them). */
  read(minEndorsements: number): Promise<readonly CachedPriority[]>;
  /** Something the list shows changed: the next read goes to the database. */
  invalidate(): void;
}

interface Entry {
  generation: number;
  minEndorsements: number;
  builtAt: number;
  rows: Promise<readonly CachedPriority[]>;
}

export function createTopPrioritiesCache(
  load: (minEndorsements: number) => Promise<readonly CachedPriority[]>,
  now: () => number = () => performance.now(),
): TopPrioritiesCache {
  let generation = 0;
  let entry: Entry | undefined;

  return {
    read(minEndorsements) {
      const current = entry;
      if (current && current.generation === generation && current.minEndorsements === minEndorsements && now() - current.builtAt < TTL_MS) {
        return current.rows;
      }
      // The entry is stamped before the read starts: an invalidation while it runs makes it stale
      // for later readers, while the readers already waiting (who asked before the change) share it.
      const rows = load(minEndorsements);
      const built: Entry = { generation, minEndorsements, builtAt: now(), rows };
      entry = built;
      // A failed read is not cached: the next reader tries again.
      rows.catch(() => {
        if (entry === built) entry = undefined;
      });
      return rows;
    },
    invalidate() {
      generation++;
    },
  };
}
