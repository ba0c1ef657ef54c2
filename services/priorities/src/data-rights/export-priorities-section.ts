// The priorities service's section of the account export: the priorities the user created, their
// votes with their receipts (nonce and leaf), the times of their last vote changes and their promotions, oldest first. A vote or a
// promotion names its priority by id only (the title and text are the author's); nothing of other users.
import type { EXPORT_REQUESTS, ReplyPayload, TVoteType } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

type PromotionStatus = ReplyPayload<typeof EXPORT_REQUESTS.priorities>['promotions'][number]['status'];

export async function exportPrioritiesSection(ctx: PrioritiesContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.priorities>> {
  const [priorities, votes, changes, promotions] = await Promise.all([
    ctx.db.priority.findMany({
      where: { authorId: userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, title: true, description: true, issueId: true, createdAt: true },
    }),
    ctx.db.vote.findMany({ where: { userId }, orderBy: [{ votedAt: 'asc' }, { priorityId: 'asc' }] }),
    ctx.db.voteChange.findMany({ where: { userId }, orderBy: [{ lastChangedAt: 'asc' }, { priorityId: 'asc' }] }),
    ctx.db.promotion.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  return {
    priorities: priorities.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    votes: votes.map((v) => ({
      priorityId: v.priorityId,
      voteType: v.voteType as TVoteType,
      votedAt: v.votedAt.toISOString(),
      receiptNonce: Buffer.from(v.receiptNonce).toString('hex'),
      leaf: Buffer.from(v.leaf!).toString('hex'),
    })),
    voteChanges: changes.map((c) => ({ priorityId: c.priorityId, lastChangedAt: c.lastChangedAt.toISOString() })),
    promotions: promotions.map((p) => ({
      id: p.id,
      priorityId: p.priorityId,
      cost: p.cost,
      status: p.status as PromotionStatus,
      createdAt: p.createdAt.toISOString(),
      appliedAt: p.appliedAt?.toISOString() ?? null,
    })),
  };
}
