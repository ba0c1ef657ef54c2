// POST /api/briefing-docs (spec 2.14, 5 "Briefing document"); the body's rules (lengths, type and its
// default) were checked by the contract's schema. In one transaction: the caller's account is not
// deleted (erasure guard), the priority it names exists in the read model kept from priorities'
// events, the row, and civic.briefing.document.created in the outbox (published after the commit:
// the ledger credits 2 PC, social records the activity, priorities counts the Talking Points tile).
// A priority created a moment ago may not have reached the read model yet: the answer is then the
// same 400 as for an unknown one, and a retry a moment later succeeds.
import { randomUUID } from 'node:crypto';
import type { TBriefingDocument, TCreateBriefingDocRequest } from '@civic/contracts';
import type { BriefingContext } from '../context.ts';
import { briefingErasureGuard } from '../data-rights/erasure-guard.ts';
import { PriorityNotFound } from '../errors.ts';
import { emitDocumentCreated } from '../events.ts';
import { type DocumentRow, selectDocumentViews, toDocumentView } from './document-view.ts';

export async function createDocument(ctx: BriefingContext, authorId: string, input: TCreateBriefingDocRequest): Promise<TBriefingDocument> {
  const id = randomUUID();
  const createdAt = ctx.platform.clock.now().toISOString();
  const priorityId = input.priorityId?.toLowerCase() ?? null;
  return ctx.db.$transaction(async (tx) => {
    await briefingErasureGuard.assertNotDeleted(tx, authorId);
    if (priorityId !== null) {
      const found = await tx.$queryRawUnsafe<unknown[]>('SELECT 1 FROM briefing.priorities WHERE priority_id = $1::uuid', priorityId);
      if (found.length === 0) throw new PriorityNotFound();
    }
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
    const [row] = await tx.$queryRawUnsafe<DocumentRow[]>(selectDocumentViews('SELECT * FROM briefing.documents WHERE id = $1::uuid'), id);
    return toDocumentView(row!);
  });
}
