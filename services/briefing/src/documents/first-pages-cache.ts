// The first pages of the unfiltered list, kept in memory as the JSON they are answered with: the
// same for every reader and read far more often than documents are added; building one per request
// kept the service far from 1,000 req/s on two cores (docs/benchmarks.md). As priorities' top list:
// every change this process sees invalidates it, TTL_MS bounds what a missed watch leaves stale, and
// rebuilds are single-flight per page.
import type { TBriefingDocListQuery } from '@civic/contracts';

/** Pages within the first 100 documents (the room's first two pages, the dashboard's 5, the admin's 100). */
export const CACHED_DEPTH = 100;
const TTL_MS = 1_000;
/** Different (type, limit, offset) pages kept at once; beyond it the cache starts over. */
const MAX_PAGES = 64;

export interface FirstPagesCache {
  /** The page's JSON: from memory while fresh, otherwise from `load` (shared by those who ask meanwhile). */
  read(query: TBriefingDocListQuery, load: () => Promise<string>): Promise<string>;
  /** Something a page shows changed: later reads go to the database. */
  invalidate(): void;
}

export const isCacheable = (query: TBriefingDocListQuery) => !query.search && query.offset + query.limit <= CACHED_DEPTH;

interface Entry {
  generation: number;
  builtAt: number;
  json: Promise<string>;
}

export function createFirstPagesCache(now: () => number = () => performance.now()): FirstPagesCache {
  let generation = 0;
  const pages = new Map<string, Entry>();
  return {
    read(query, load) {
      const key = `${query.type ?? ''}|${query.limit}|${query.offset}`;
      const current = pages.get(key);
      if (current && current.generation === generation && now() - current.builtAt < TTL_MS) return current.json;
      // Stamped before the read starts: an invalidation while it runs makes it stale for later
      // readers, while those already waiting (who asked before the change) share it.
      const json = load();
      const built: Entry = { generation, builtAt: now(), json };
      if (!current && pages.size >= MAX_PAGES) pages.clear();
      pages.set(key, built);
      // A failed read is not kept: the next reader tries again.
      json.catch(() => {
        if (pages.get(key) === built) pages.delete(key);
      });
      return json;
    },
    invalidate() {
      generation++;
    },
  };
}
