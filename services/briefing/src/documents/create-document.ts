// POST /api/briefing-docs (spec 2.14, 5 "Briefing document"); the body's rules (lengths, type and its
// default) were checked by the contract's schema. First the priority it names must exist (briefing's
// read model, or the priorities service when that has not caught up: priorities/known-priority.ts;
// asked before the transaction, so no transaction waits on another service). Then in one
// transaction: the caller's account is not deleted (erasure guard), the row, and
// civic.briefing.document.created in the outbox (published after the commit: the ledger credits 2 PC,
// social records the activity, priorities counts the Talking Points tile).
import { randomUUID } from 'node:crypto';
import type { TBriefingDocument, TCreateBriefingDocRequest } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { BriefingContext } from '../context.ts';
import { WRITE_TRANSACTION } from '../db.ts';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';
import { emitDocumentCreated } from '../events.ts';
import { assertPriorityExists } from '../priorities/known-priority.ts';
import { DOCUMENT_COLUMNS, type DocumentRow, selectDocumentViews, toDocumentView } from './document-view.ts';

/** `identity` is the author's (requireUser checked it), passed on when priorities is asked. */
export async function createDocument(ctx: BriefingContext, identity: Identity, authorId: string, input: TCreateBriefingDocRequest): Promise<TBriefingDocument> {
  const id = randomUUID();
  const priorityId = input.priorityId?.toLowerCase() ?? null;
  // Checked before the transaction (the read model's answer was never held under a lock either: a
  // priority an administrator deletes a moment later is that deletion's to follow up).
  if (priorityId !== null) await assertPriorityExists(ctx, identity, priorityId);
  const createdAt = ctx.platform.clock.now().toISOString();
  const created = await ctx.db.$transaction(async (tx) => {
    await briefingErasureGuard.assertNotDeleted(tx, authorId);
    await tx.$executeRawUnsafe(
      `INSERT INTO briefing.documents (id, title, content, type, priority_id, author_id, is_public, created_at)
       VALUES ($1::uuid, $2, $3, $4, $5::uuid, $6::uuid, true, $7::timestamptz)`,
      id,
      input.title,
      input.content,
      input.type,
      priorityId,
      authorId,
      createdAt,
    );
    await emitDocumentCreated(tx, { documentId: id, authorId, title: input.title, createdAt });
    const [row] = await tx.$queryRawUnsafe<DocumentRow[]>(
      selectDocumentViews(`SELECT ${DOCUMENT_COLUMNS} FROM briefing.documents d WHERE d.id = $1::uuid`),
      id,
    );
    return toDocumentView(row!);
  }, WRITE_TRANSACTION);
  // At once for this replica's readers (the author's own refetch); the others follow the event.
  ctx.firstPages.invalidate();
  return created;
}
