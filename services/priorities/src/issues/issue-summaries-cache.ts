// Each issue's count and top priority (list-issues.ts), kept up to MAX_AGE_MS per process: the Create
// Priority dialog and the Issues page both read it, and the age bounds how far behind they may be.
import type { TIssueSummary } from '@civic/contracts';

const MAX_AGE_MS = 1_000;

export interface IssueSummariesCache {
  read(minEndorsements: number): Promise<TIssueSummary[]>;
}

/** Single-flight: readers within MAX_AGE_MS share one read; a failed read is not kept. */
export function createIssueSummariesCache(
  load: (minEndorsements: number) => Promise<TIssueSummary[]>,
  now: () => number = () => performance.now(),
): IssueSummariesCache {
  let entry: { builtAt: number; minEndorsements: number; summaries: Promise<TIssueSummary[]> } | undefined;
  return {
    read(minEndorsements) {
      if (entry && entry.minEndorsements === minEndorsements && now() - entry.builtAt < MAX_AGE_MS) return entry.summaries;
      const built = { builtAt: now(), minEndorsements, summaries: load(minEndorsements) };
      entry = built;
      built.summaries.catch(() => {
        if (entry === built) entry = undefined;
      });
      return built.summaries;
    },
  };
}
