// What the moderation lists show (spec 2.12; issue 20): reported items first, most reported first,
// each with its report count and reasons; the rest in the list's own order. Names and counts as the
// cards print them.
import type { TReportedItem } from '@civic/contracts/admin/http';
import type { TDeletePriorityRequest } from '@civic/contracts/priorities/http';
import type { TReportTargetType } from '@civic/contracts/admin/messages';

export interface Moderated<T> {
  item: T;
  /** The reports on it, or null when nobody reported it. */
  report: Pick<TReportedItem, 'reportCount' | 'reasons'> | null;
}

/** `items` with their reports, the reported ones first (by count, ties in list order). */
export function reportedFirst<T extends { id: string }>(items: readonly T[], reports: readonly TReportedItem[], targetType: TReportTargetType): Moderated<T>[] {
  const byId = new Map(reports.filter((report) => report.targetType === targetType).map((report) => [report.targetId.toLowerCase(), report]));
  const annotated = items.map((item, index) => ({ item, report: byId.get(item.id.toLowerCase()) ?? null, index }));
  annotated.sort((a, b) => (b.report?.reportCount ?? 0) - (a.report?.reportCount ?? 0) || a.index - b.index);
  return annotated.map(({ item, report }) => ({ item, report: report && { reportCount: report.reportCount, reasons: report.reasons } }));
}

/**
 * The reported items of one type that are not among the loaded ones (older than the newest 100 the
 * lists read): the page shows them from the report alone, so no reported item is out of sight.
 */
export function reportedBeyond(items: readonly { id: string }[], reports: readonly TReportedItem[], targetType: TReportTargetType): TReportedItem[] {
  const loaded = new Set(items.map((item) => item.id.toLowerCase()));
  return reports.filter((report) => report.targetType === targetType && !loaded.has(report.targetId.toLowerCase()));
}

/** "Ada Lovelace", or a neutral word for an author without a profile name (or a deleted account). */
export function authorNameOf(author: { firstName: string | null; lastName: string | null }): string {
  const name = [author.firstName, author.lastName].filter(Boolean).join(' ').trim();
  return name || 'Anonymous citizen';
}

/** spec 2.12: endorsement and opposition counts, 0 if missing. */
export const countOf = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-US');

/** "1 endorsement", "0 oppositions". */
export const countText = (value: number | null | undefined, singular: string) => `${countOf(value)} ${(value ?? 0) === 1 ? singular : `${singular}s`}`;

export const reportCountText = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`;

/** "Are you sure you want to delete this priority/document? This action cannot be undone." */
export const deleteQuestion = (noun: 'priority' | 'document') => `Are you sure you want to delete this ${noun}? This action cannot be undone.`;

/**
 * The body of Delete Content (issue 22): a priority's removal may carry the reason its author's notice
 * quotes; documents have none on the server. No body when the reason is blank, as the spec's client.
 */
export function removalBodyOf(kind: 'priority' | 'document', reason: string): TDeletePriorityRequest {
  const trimmed = reason.trim();
  return kind === 'priority' && trimmed ? { reason: trimmed } : undefined;
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
