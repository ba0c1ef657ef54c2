// What Discover shows for the text in its box: the spec's "Coming Soon" placeholder when it is empty,
// a hint below the server's 2-character minimum (contracts ZCitizenSearchQuery), else a search.
export const SEARCH_LIMITS = { min: 2, max: 100 } as const;

export type SearchState = { kind: 'empty' } | { kind: 'too-short' } | { kind: 'search'; q: string };

export function searchStateOf(text: string): SearchState {
  const q = text.trim().slice(0, SEARCH_LIMITS.max);
  if (q.length === 0) return { kind: 'empty' };
  if (q.length < SEARCH_LIMITS.min) return { kind: 'too-short' };
  return { kind: 'search', q };
}
