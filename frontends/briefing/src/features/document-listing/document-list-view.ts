// What the Briefing Room's list shows (spec 2.8, 9): the content preview, empty states, Load More.
import { BRIEFING_LIST_LIMITS } from '@civic/contracts/briefing/messages';
import { ALL_TYPES, DOCUMENT_PAGE_SIZE, type TypeFilter } from './briefing-queries.ts';

/** spec 9: a document's preview is its first 300 characters. */
export const PREVIEW_LENGTH = 300;

/**
 * The preview of a document's content: the whole of it when short enough, else its first 300
 * characters (counted as the reader sees them: a character outside the BMP is one, never cut in
 * half) followed by an ellipsis.
 */
export function contentPreview(content: string): { text: string; truncated: boolean } {
  const characters = Array.from(content);
  if (characters.length <= PREVIEW_LENGTH) return { text: content, truncated: false };
  return { text: `${characters.slice(0, PREVIEW_LENGTH).join('').trimEnd()}...`, truncated: true };
}

export function hasActiveFilters({ search, type }: { search: string; type: TypeFilter }): boolean {
  return search.trim() !== '' || type !== ALL_TYPES;
}

/**
 * Load More appears when the loaded count is a non-zero multiple of the page size (50), below the
 * deepest read the service answers (row 1000, BRIEFING_LIST_LIMITS).
 */
export function canLoadMore(loadedCount: number): boolean {
  return loadedCount > 0 && loadedCount % DOCUMENT_PAGE_SIZE === 0 && loadedCount < BRIEFING_LIST_LIMITS.max;
}
