// civic.auth.user.standing_changed → its one audit entry (spec 3 vocabulary), in the consumer's
// transaction, once per event id (the kit's inbox, and the entry's unique source_event_id behind it).
// grant_admin, revoke_admin, ban_user and unban_user are named as they are; approving or rejecting
// is update_user with the decision in details; the automatic ban (reports reaching
// auto_ban_threshold) names no administrator and says so, with the count and the threshold.
import type { authEvents, EventPayload, TAuditAction } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { appendAuditEntry } from '../audit/append-entry.ts';

type StandingChanged = EventPayload<typeof authEvents.UserStandingChanged>;

function actionAndDetails(p: StandingChanged): { action: TAuditAction; details: Record<string, unknown> } {
  switch (p.change) {
    case 'approve_user':
      return { action: 'update_user', details: { decision: 'approved' } };
    case 'reject_user':
      return { action: 'update_user', details: { decision: 'rejected' } };
    case 'ban_user':
      return p.automatic
        ? { action: 'ban_user', details: { automatic: true, reportCount: p.reportCount, threshold: p.threshold } }
        : { action: 'ban_user', details: {} };
    default:
      return { action: p.change, details: {} };
  }
}

export async function recordStandingChange(tx: SqlDriver, eventId: string, p: StandingChanged): Promise<void> {
  const { action, details } = actionAndDetails(p);
  await appendAuditEntry(tx, {
    // Never an administrator for the automatic ban, whatever the event says.
    adminId: p.automatic ? null : p.adminId,
    action,
    targetType: 'user',
    targetId: p.userId,
    details,
    createdAt: new Date(p.changedAt),
    sourceEventId: eventId,
    // The administrator's address and request id (SECURITY 23); the automatic ban has none.
    ...(p.origin && !p.automatic ? { origin: p.origin } : {}),
  });
}
