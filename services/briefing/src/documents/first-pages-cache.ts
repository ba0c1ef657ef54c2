// The first pages of the unfiltered list (no search; any type), kept in memory as the JSON they are
// answered with. They are the Briefing Room's first page and the dashboard's "Latest from Briefing
// Room" for every visitor alike (nothing in them depends on who reads), read far more often than
// documents are added; building one per request kept the service far from 1,000 req/s on two cores
// (docs/benchmarks.md).
//
// As priorities' top list (services/priorities/src/priorities/top-priorities-cache.ts): every change
// this process sees invalidates it (its own creations and deletions when they commit, every
// replica's through the watched events of app.ts, author names and erasures likewise), and an entry
// lives at most TTL_MS, which bounds what a missed or late watch can leave stale. Rebuilds are single
// flight per page: readers who arrive while it is read share that one database read.
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
