// The creating transaction of POST /api/priorities (spec 2.13, 5 "Create priority"): the erasure
// guard, the issue, the day's count, the row and civic.priorities.priority.created in the outbox. The
// day's count is one upserted row per user and UTC day, whose lock makes one user's concurrent
// creates take turns, so they never pass the limit together. A recorded creation
// (create-recorded-priority.ts) is also marked applied here, with the answer a repeated key gives.
import { dailyLimitMessage, type TCreatePriorityRequest, type TCreatedPriority } from '@civic/contracts';
import { AccountDeleted, settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';
import { DailyLimitReached, IssueNotFound, PurchaseNotCompleted } from '../errors.ts';
import { emitPriorityCreated } from '../events.ts';
import { selectPriorityViews, toPriorityView, type PriorityRow } from './priority-view.ts';

export interface NewPriority {
  /** Chosen before the transaction: a recorded creation's row has the same id. */
  id: string;
  userId: string;
  input: TCreatePriorityRequest;
  /**
   * Set when its creation_charges row (same id) must move from pending to applied with it;
   * keepAnswer: the answer is stored there too, for repetitions of its Idempotency-Key.
   */
  recorded: { keepAnswer: boolean } | null;
  /** The author's balance after the creation cost was debited; null when it cost nothing. */
  balance: number | null;
}

export async function insertPriority(ctx: PrioritiesContext, priority: NewPriority): Promise<TCreatedPriority> {
  const { id, userId, input } = priority;
  const now = ctx.platform.clock.now();
  const limit = settingOf(ctx, 'max_priorities_per_user_per_day');
  const issueId = input.issueId ?? null;

  const row = await ctx.db.transaction(async (tx) => {
    await prioritiesErasureGuard.lockShared(tx, userId);
    const [check] = await tx.query<{ deleted: boolean; issue_found: boolean }>(
      `SELECT ${prioritiesErasureGuard.deletedSql('$1')} AS deleted,
              ($2::int IS NULL OR EXISTS (SELECT 1 FROM priorities.issues WHERE id = $2::int)) AS issue_found`,
      [userId, issueId],
    );
    if (check!.deleted) throw new AccountDeleted();
    if (!check!.issue_found) throw new IssueNotFound();

    const counted = await tx.query<{ created: number }>(
      `INSERT INTO priorities.daily_priority_counts AS c (user_id, day, created)
       SELECT $1::uuid, $2::date, 1 WHERE $3::int > 0
       ON CONFLICT (user_id, day) DO UPDATE SET created = c.created + 1 WHERE c.created < $3::int
       RETURNING created`,
      [userId, now.toISOString().slice(0, 10), limit],
    );
    if (counted.length === 0) throw new DailyLimitReached(dailyLimitMessage(limit));

    await tx.execute(
      `INSERT INTO priorities.priorities (id, title, description, issue_id, author_id, created_at)
       VALUES ($1::uuid, $2, $3, $4::int, $5::uuid, $6::timestamptz)`,
      [id, input.title, input.description, issueId, userId, now.toISOString()],
    );
    await emitPriorityCreated(tx, { priorityId: id, authorId: userId, title: input.title, createdAt: now.toISOString() });
    const [created] = await tx.query<PriorityRow>(selectPriorityViews('SELECT * FROM priorities.priorities WHERE id = $2::uuid'), [userId, id]);
    // A rank is a position in the list; a single priority's answer has none (docs/ranking.md).
    const view: TCreatedPriority = { ...toPriorityView(created!, null), balance: priority.balance };

    if (priority.recorded) {
      // Only while nobody claimed the row for a refund (purchases/refund-purchase.ts).
      const applied = await tx.execute(
        `UPDATE priorities.creation_charges SET status = 'applied', applied_at = $2::timestamptz, response = $3::text
         WHERE id = $1::uuid AND status = 'pending'`,
        [id, now.toISOString(), priority.recorded.keepAnswer ? JSON.stringify(view) : null],
      );
      if (applied === 0) throw new PurchaseNotCompleted();
    }
    return view;
  });
  ctx.topPriorities.invalidate();
  return row;
}
