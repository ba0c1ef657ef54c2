// Each viewer's votes on the top list, kept in memory (docs/ranking.md 5a): every open dashboard
// refetches the list when anyone votes, and what changes then is the counts, not the viewer's votes.
// An entry is dropped when its viewer's votes change (at commit here, through the watched vote events
// for other replicas, at erasure) and lives at most TTL_MS, a bound on anything missed. Loads are
// single-flight, and a load begun before a drop is not served to readers who ask after it.
import type { TUserVote } from '@civic/contracts';

const TTL_MS = 10_000;
const MAX_VIEWERS = 10_000;

/** Per priority id, the viewer's vote and their last change of it. */
export type ViewerVotes = ReadonlyMap<string, TUserVote>;

export interface ViewerVotesCache {
  /**
   * The viewer's votes on `wanted`; when they are not kept, the votes on `scope()` (a superset of
   * `wanted`, such as the whole top list) are read and kept, so the other pages are served too.
   * `scope` is asked for only then: a read served from memory does not build it.
   */
  read(viewerId: string, wanted: readonly string[], scope: () => readonly string[]): Promise<ViewerVotes>;
  /** The viewer's votes changed: their next read goes to the database. */
  invalidate(viewerId: string): void;
}

interface Entry {
  covers: ReadonlySet<string>;
  readAt: number;
  votes: Promise<ViewerVotes>;
}

export function createViewerVotesCache(
  load: (viewerId: string, priorityIds: readonly string[]) => Promise<ViewerVotes>,
  now: () => number = () => performance.now(),
  maxViewers = MAX_VIEWERS,
): ViewerVotesCache {
  const covers = (ids: ReadonlySet<string>, wanted: readonly string[]) => wanted.every((id) => ids.has(id));
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently read first.
  const entries = new Map<string, Entry>();
  // The set of ids the last miss read, shared by every entry read while the top list holds the same
  // priorities: ten thousand viewers then hold one set of 200 ids, not one each.
  let lastScope: ReadonlySet<string> = new Set();
  const internScope = (scope: readonly string[]): ReadonlySet<string> => {
    if (scope.length !== lastScope.size || !covers(lastScope, scope)) lastScope = new Set(scope);
    return lastScope;
  };

  return {
    read(viewerId, wanted, scope) {
      const entry = entries.get(viewerId);
      entries.delete(viewerId);
      if (entry && now() - entry.readAt < TTL_MS && covers(entry.covers, wanted)) {
        entries.set(viewerId, entry);
        return entry.votes;
      }
      const scoped = internScope(scope());
      const ids = covers(scoped, wanted) ? scoped : new Set(wanted);
      const votes = load(viewerId, [...ids]);
      const built: Entry = { covers: ids, readAt: now(), votes };
      entries.set(viewerId, built);
      if (entries.size > maxViewers) entries.delete(entries.keys().next().value!);
      // A failed read is not kept: the viewer's next read tries again.
      votes.catch(() => {
        if (entries.get(viewerId) === built) entries.delete(viewerId);
      });
      return votes;
    },
    invalidate(viewerId) {
      entries.delete(viewerId);
    },
  };
}
