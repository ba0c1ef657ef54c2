// POST /api/briefing-docs (spec 2.14, 5 "Briefing document"); the contract's schema checked the body.
// The named priority is looked up before the transaction (priorities/known-priority.ts), so no
// transaction waits on another service. Then in one transaction: the erasure guard, the day's count
// (SECURITY 30: a per-user-and-day row whose lock makes one user's creates take turns), the row, and
// civic.briefing.document.created in the outbox.
import { randomUUID } from 'node:crypto';
import { BRIEFING_DOCUMENT_REWARD, dailyBriefingLimitMessage, type TCreateBriefingDocRequest, type TCreatedBriefingDocument } from '@civic/contracts';
import { type Identity, settingOf } from '@civic/service-kit';
import type { BriefingContext } from '../context.ts';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';
import { DailyLimitReached } from '../errors.ts';
import { emitDocumentCreated } from '../events.ts';
import { assertPriorityExists } from '../priorities/known-priority.ts';
import { DOCUMENT_COLUMNS, type DocumentRow, selectDocumentViews, toDocumentView } from './document-view.ts';

/** `identity` is the author's (requireUser checked it), passed on when priorities is asked. */
export async function createDocument(
  ctx: BriefingContext,
  identity: Identity,
  authorId: string,
  input: TCreateBriefingDocRequest,
): Promise<TCreatedBriefingDocument> {
  const id = randomUUID();
  const priorityId = input.priorityId?.toLowerCase() ?? null;
  // Checked before the transaction (the read model's answer was never held under a lock either: a
  // priority an administrator deletes a moment later is that deletion's to follow up).
  if (priorityId !== null) await assertPriorityExists(ctx, identity, priorityId);
  const createdAt = ctx.platform.clock.now().toISOString();
  const limit = settingOf(ctx, 'max_briefing_docs_per_user_per_day');
  const rewarded = settingOf(ctx, 'briefing_rewards_per_day');
  const created = await ctx.db.transaction(async (tx) => {
    await briefingErasureGuard.assertNotDeleted(tx, authorId);
    const [counted] = await tx.query<{ created: number }>(
      `INSERT INTO briefing.daily_document_counts AS c (user_id, day, created)
       SELECT $1::uuid, $2::date, 1 WHERE $3::int > 0
       ON CONFLICT (user_id, day) DO UPDATE SET created = c.created + 1 WHERE c.created < $3::int
       RETURNING created`,
      [authorId, createdAt.slice(0, 10), limit],
    );
    if (!counted) throw new DailyLimitReached(dailyBriefingLimitMessage(limit));
    await tx.execute(
      `INSERT INTO briefing.documents (id, title, content, type, priority_id, author_id, is_public, created_at)
       VALUES ($1::uuid, $2, $3, $4, $5::uuid, $6::uuid, true, $7::timestamptz)`,
      [id, input.title, input.content, input.type, priorityId, authorId, createdAt],
    );
    await emitDocumentCreated(tx, { documentId: id, authorId, title: input.title, createdAt });
    const [row] = await tx.query<DocumentRow>(selectDocumentViews(`SELECT ${DOCUMENT_COLUMNS} FROM briefing.documents d WHERE d.id = $1::uuid`), [id]);
    // The ledger rewards the first briefing_rewards_per_day documents of the day (SECURITY 30); the
    // day's count says whether this is one of them, so the author is told before the credit arrives.
    const earned = counted.created <= rewarded ? BRIEFING_DOCUMENT_REWARD : 0;
    return { ...toDocumentView(row!), politicalCapitalEarned: earned };
  });
  // At once for this replica's readers (the author's own refetch); the others follow the event.
  ctx.firstPages.invalidate();
  return created;
}
