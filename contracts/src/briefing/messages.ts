// The Contribute Document rules and messages of spec 5 "Briefing document", zod-free so the browser
// form and the server's schema (contracts/src/briefing/http.ts) say exactly the same thing.
export const BRIEFING_LIMITS = {
  titleMin: 5,
  titleMax: 200,
  contentMin: 20,
  contentMax: 5000,
} as const;

/** spec 3 "Briefing document" types; the dialog's default is the first (spec 2.14). */
export const BRIEFING_DOC_TYPES = ['talking_point', 'document', 'research'] as const;
export type TBriefingDocType = (typeof BRIEFING_DOC_TYPES)[number];
export const DEFAULT_BRIEFING_DOC_TYPE: TBriefingDocType = 'talking_point';

export const BRIEFING_MESSAGES = {
  titleTooShort: 'Title must be at least 5 characters',
  titleTooLong: 'Title must be less than 200 characters',
  contentTooShort: 'Content must be at least 20 characters',
  contentTooLong: 'Content must be less than 5000 characters',
  type: "type must be 'talking_point', 'document' or 'research'",
  priorityNotFound: 'Priority not found',
  documentNotFound: 'Document not found',
  documentDeleted: 'Document has been deleted',
  /** spec 8: the toasts of the Contribute Document dialog. */
  created: 'Document created',
  createFailed: 'Failed to create document. Please try again.',
} as const;

/**
 * max_briefing_docs_per_user_per_day (SECURITY 30): the 429 when a citizen has created today's
 * documents, worded as priorities' daily limit (dailyLimitMessage).
 */
export function dailyBriefingLimitMessage(limit: number): string {
  return `You can create at most ${limit} briefing ${limit === 1 ? 'document' : 'documents'} per day. Please try again tomorrow.`;
}

/**
 * spec 2.8, 7.3, 7.4, 9: document lists. Load More asks limit=50, 100, ...; moderation asks 100.
 * As priorities' lists (PRIORITY_LIST_LIMITS), no read reaches past row 1000.
 */
export const BRIEFING_LIST_LIMITS = { default: 50, max: 1000, searchMin: 3, searchMax: 200 } as const;

/**
 * A search of one or two characters is refused (SECURITY 32): the trigram index finds
 * nothing to look up in it, so it would read every document. The room sends none (it lists
 * everything until the third character, as with an empty box).
 */
export const BRIEFING_SEARCH_TOO_SHORT = `Search must be at least ${BRIEFING_LIST_LIMITS.searchMin} characters`;

/** Whether the room sends `term` as its search: a blank or too short term lists everything. */
export const isSearchableTerm = (term: string): boolean => [...term.trim()].length >= BRIEFING_LIST_LIMITS.searchMin;
