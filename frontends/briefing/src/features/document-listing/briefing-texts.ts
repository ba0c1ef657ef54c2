// Spec 2.8, 2.14 and 8 texts of the Briefing Room, in one place for the page, the dialog and tests.
import { BRIEFING_MESSAGES, type TBriefingDocType } from '@civic/contracts/briefing/messages';

export const BRIEFING_ROOM_TITLE = 'Briefing Room';
export const CONTRIBUTE_DOCUMENT_TITLE = 'Contribute Document';

export const BRIEFING_TOASTS = {
  errorTitle: 'Error',
  created: BRIEFING_MESSAGES.created,
  createdDescription: 'Your document is in the Briefing Room. You earned 2 political capital (+2 PC).',
  /** Past briefing_rewards_per_day (SECURITY 30): the document is in, but today's rewards are spent. */
  createdUnrewardedDescription: "Your document is in the Briefing Room. You have earned today's political capital for documents; this one earns none.",
  createFailed: BRIEFING_MESSAGES.createFailed,
} as const;

export const DOCUMENT_LIST_TEXTS = {
  listLabel: 'Briefing documents',
  noMatches: 'No matching documents found',
  noMatchesHint: 'Try a different search or type.',
  noDocuments: 'No documents yet',
  noDocumentsHint: 'Be the first to contribute a talking point, document or research.',
  loadMore: 'Load More Documents',
  loading: 'Loading documents...',
  failed: 'Documents could not be loaded. Please try again later.',
  readMore: 'Read More',
  showLess: 'Show Less',
} as const;

/** The type badge's words (spec 3 "Briefing document" types). */
export const DOCUMENT_TYPE_LABELS: Record<TBriefingDocType, string> = {
  talking_point: 'Talking Point',
  document: 'Document',
  research: 'Research',
};

/** The type filter's plural words. */
export const DOCUMENT_TYPE_FILTER_LABELS: Record<TBriefingDocType, string> = {
  talking_point: 'Talking Points',
  document: 'Documents',
  research: 'Research',
};

export const DOCUMENT_TYPE_BADGE_CLASSES: Record<TBriefingDocType, string> = {
  talking_point: 'border-amber-200 bg-amber-50 text-amber-900',
  document: 'border-blue-200 bg-blue-50 text-blue-900',
  research: 'border-emerald-200 bg-emerald-50 text-emerald-900',
};

/** "1 document", "12 documents". */
export function documentCountText(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

/** "Ada Lovelace", or a neutral word for an author without a profile name yet. */
export function authorNameOf(author: { firstName: string | null; lastName: string | null }): string {
  const name = [author.firstName, author.lastName].filter(Boolean).join(' ').trim();
  return name || 'Anonymous citizen';
}
