// What a report names: the item's author and title. The read model (report-content.ts) lags its
// owners' events, so on a miss the owner is asked outside any transaction and the answer stored as
// the event would store it: only an item that does not exist (or was removed) is a 404, and no
// answer is a 503 (RequestUnavailable): nothing is claimed about an unchecked item.
import { BRIEFING_REQUESTS, PRIORITIES_REQUESTS, type TReportTargetType } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';
import { ReportTargetNotFound } from '../errors.ts';
import { knownContent, type ReportableItem, recordContent, recordContentRemoved } from './report-content.ts';

/** Well inside the gateway's own timeout, so the user gets the 503 and its message, not the gateway's. */
const LOOKUP_TIMEOUT_MS = 3_000;

export interface ReportTarget {
  authorId: string;
  title: string;
}

/** The reportable item `targetId` names, or ReportTargetNotFound (404). */
export async function reportTarget(ctx: AdminContext, identity: Identity, targetType: TReportTargetType, targetId: string): Promise<ReportTarget> {
  const known = (await knownContent(ctx.db, targetType, targetId)) ?? (await askOwner(ctx, identity, targetType, targetId));
  if (!known || known.removed) throw new ReportTargetNotFound();
  return { authorId: known.authorId, title: known.title };
}

async function askOwner(ctx: AdminContext, identity: Identity, targetType: TReportTargetType, targetId: string) {
  const item = targetType === 'priority' ? await lookupPriority(ctx, identity, targetId) : await lookupDocument(ctx, identity, targetId);
  if (!item) return null;
  // Stored as the owner's events store it; the events, when they come, add nothing.
  await ctx.db.transaction((tx) => (item.removed ? recordContentRemoved(tx, item, item.createdAt) : recordContent(tx, item)));
  // Read back: an erased author's item is not stored, and a removal may have been recorded meanwhile.
  return knownContent(ctx.db, targetType, targetId);
}

type LookedUp = ReportableItem & { removed: boolean };

async function lookupPriority(ctx: AdminContext, identity: Identity, priorityId: string): Promise<LookedUp | null> {
  const { priority } = await ctx.platform.requests.request(
    PRIORITIES_REQUESTS.lookup,
    { priorityId },
    { caller: 'admin', identity, timeoutMs: LOOKUP_TIMEOUT_MS },
  );
  // A priority whose author's account was erased stays, detached: there is nobody to report.
  if (!priority?.authorId) return null;
  return {
    targetType: 'priority',
    targetId: priority.priorityId,
    authorId: priority.authorId,
    title: priority.title,
    createdAt: priority.createdAt,
    removed: !priority.isActive,
  };
}

async function lookupDocument(ctx: AdminContext, identity: Identity, documentId: string): Promise<LookedUp | null> {
  const { document } = await ctx.platform.requests.request(
    BRIEFING_REQUESTS.documentLookup,
    { documentId },
    { caller: 'admin', identity, timeoutMs: LOOKUP_TIMEOUT_MS },
  );
  if (!document) return null;
  return {
    targetType: 'briefing_doc',
    targetId: document.documentId,
    authorId: document.authorId,
    title: document.title,
    createdAt: document.createdAt,
    removed: false,
  };
}
