// The texts of "Verify my vote" (issue 23), in one place for the card and its tests.
import type { TVoteType } from '@civic/contracts/priorities/http';
import type { VerifyFailure } from './verify-receipt.ts';

export const VERIFY_TEXTS = {
  button: 'Verify my vote',
  verifying: 'Verifying...',
  failedTitle: 'Your vote could not be verified',
  loadFailed: 'The receipt could not be loaded. Please try again.',
  noVote: 'You have no vote on this priority to verify.',
  noWebCrypto: 'This browser cannot compute SHA-256 on this page (Web Crypto needs a secure connection).',
} as const;

export const FAILURE_TEXTS: Record<VerifyFailure, string> = {
  malformed: 'the receipt is malformed.',
  priority: 'the receipt is for another priority.',
  leaf: 'the receipt’s leaf does not match your vote.',
  path: 'the receipt’s audit path does not fit the snapshot’s tree.',
  root: 'the audit path does not lead to the receipt’s root.',
  unpublished: 'the receipt’s snapshot is not in the published list.',
  'published-root': 'the published snapshot has another root than the one your vote leads to.',
  range: 'the published snapshot does not count your leaf among this priority’s votes of your type.',
  order: 'the snapshot’s tree order does not bind vote types, and that order is no longer accepted.',
};

/**
 * When a snapshot was taken or is due, in the reader's own locale and time zone (the browser's
 * default): date in the medium style, time to the minute, e.g. "Nov 27, 2026, 9:45 AM" in en-US.
 */
export function formatSnapshotTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "Your endorsement is counted in the snapshot of {time}" (issue 23), or "Your opposition ...". */
export function countedText(voteType: TVoteType, takenAt: string, locale?: string): string {
  return `Your ${voteType === 'endorse' ? 'endorsement' : 'opposition'} is counted in the snapshot of ${formatSnapshotTime(takenAt, locale)}`;
}

/** A pending receipt: the vote came after the last snapshot. */
export function pendingText(nextSnapshotAt: string, locale?: string): string {
  return `Your vote is newer than the last snapshot. The next snapshot is due ${formatSnapshotTime(nextSnapshotAt, locale)}.`;
}

/** Where the counted vote sits, for readers who want to check further (1-based leaf); the root follows it. */
export function countedDetail(leafIndex: number, treeSize: number): string {
  return `Checked in your browser: leaf ${(leafIndex + 1).toLocaleString()} of ${treeSize.toLocaleString()}, published root`;
}

export const failureText = (reason: VerifyFailure) => `${VERIFY_TEXTS.failedTitle}: ${FAILURE_TEXTS[reason]}`;
