// The priorities service's section of the account export: the priorities the user created, their
// votes with their receipts (nonce and leaf), the times of their last vote changes and their promotions, oldest first. A vote or a
// promotion names its priority by id only (the title and text are the author's); nothing of other users.
import type { EXPORT_REQUESTS, ReplyPayload, TVoteType } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

type PromotionStatus = ReplyPayload<typeof EXPORT_REQUESTS.priorities>['promotions'][number]['status'];

interface PriorityRow {
  id: string;
  title: string;
  description: string;
  issueId: number | null;
  createdAt: Date;
}

/** bytea: a Buffer from node-postgres, a Uint8Array from PGlite. */
interface VoteRow {
  priorityId: string;
  voteType: string;
  votedAt: Date;
  receiptNonce: Uint8Array;
  leaf: Uint8Array | null;
}

interface VoteChangeRow {
  priorityId: string;
  lastChangedAt: Date;
}

interface PromotionRow {
  id: string;
  priorityId: string;
  cost: number;
  status: string;
  createdAt: Date;
  appliedAt: Date | null;
}

export async function exportPrioritiesSection(ctx: PrioritiesContext, userId: string): Promise<ReplyPayload<typeof EXPORT_REQUESTS.priorities>> {
  const [priorities, votes, changes, promotions] = await Promise.all([
    ctx.db.query<PriorityRow>(
      `SELECT id, title, description, issue_id AS "issueId", created_at AS "createdAt"
       FROM priorities.priorities WHERE author_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    ),
    ctx.db.query<VoteRow>(
      `SELECT priority_id AS "priorityId", vote_type AS "voteType", voted_at AS "votedAt", receipt_nonce AS "receiptNonce", leaf
       FROM priorities.votes WHERE user_id = $1::uuid ORDER BY voted_at, priority_id`,
      [userId],
    ),
    ctx.db.query<VoteChangeRow>(
      `SELECT priority_id AS "priorityId", last_changed_at AS "lastChangedAt"
       FROM priorities.vote_changes WHERE user_id = $1::uuid ORDER BY last_changed_at, priority_id`,
      [userId],
    ),
    ctx.db.query<PromotionRow>(
      `SELECT id, priority_id AS "priorityId", cost, status, created_at AS "createdAt", applied_at AS "appliedAt"
       FROM priorities.promotions WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    ),
  ]);
  return {
    priorities: priorities.map((p) => ({ id: p.id, title: p.title, description: p.description, issueId: p.issueId, createdAt: p.createdAt.toISOString() })),
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
