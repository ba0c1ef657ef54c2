// POST /api/reports: a signed-in, active citizen reports a priority or a briefing document once, with
// a reason. A second report is refused by the table's UNIQUE constraint (409), so concurrent repeats
// leave one row. The report, and the automatic ban it may request (auto-ban.ts), commit together.
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, type TCreateReportRequest } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';
import { AlreadyReported, ReportOwnContent, ReportsDisabled, ReportTargetNotFound } from '../errors.ts';
import { lockReportedAuthor, requestAutoBanIfDue } from './auto-ban.ts';
import { reportTarget } from './known-content.ts';
import { isEligibleReporter, reporterRegisteredAt } from './reporter-age.ts';

export async function createReport(
  ctx: AdminContext,
  identity: Identity,
  reporterId: string,
  body: TCreateReportRequest,
): Promise<{ message: typeof ADMIN_MESSAGES.reportSubmitted }> {
  if (!ctx.platform.settings.getBoolean('content_moderation_enabled')) throw new ReportsDisabled();
  const targetId = body.targetId.toLowerCase();
  // The lookups (the owner's, auth's) happen before the transaction, so no connection waits on the network.
  const target = await reportTarget(ctx, identity, body.targetType, targetId);
  if (target.authorId === reporterId) throw new ReportOwnContent();
  const registeredAt = await reporterRegisteredAt(ctx, identity, reporterId);
  const now = ctx.platform.clock.now();
  const eligible = isEligibleReporter(registeredAt, now);
  await ctx.db.transaction(async (tx) => {
    await adminErasureGuard.assertNotDeleted(tx, reporterId);
    // An author erased since the lookup: their items went with them.
    if (await adminErasureGuard.isDeletedUser(tx, target.authorId)) throw new ReportTargetNotFound();
    const author = await lockReportedAuthor(tx, target.authorId);
    const inserted = await tx.execute(
      `INSERT INTO admin.reports (id, reporter_id, target_type, target_id, author_id, reason, eligible, created_at)
       VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6, $7, $8::timestamptz)
       ON CONFLICT ON CONSTRAINT reports_reporter_target_key DO NOTHING`,
      [randomUUID(), reporterId, body.targetType, targetId, target.authorId, body.reason, eligible, now.toISOString()],
    );
    if (inserted !== 1) throw new AlreadyReported();
    if (eligible) await requestAutoBanIfDue(ctx, tx, target.authorId, author, now);
  });
  return { message: ADMIN_MESSAGES.reportSubmitted };
}
