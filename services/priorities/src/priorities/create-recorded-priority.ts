// POST /api/priorities when priority_creation_cost > 0 or the request carries an Idempotency-Key: the
// purchase saga of docs/ledger.md, with the creation_charges table as its record (its id is the new
// priority's). A repeated key answers the first answer before anything is checked or charged; the
// refusals that do not depend on the balance come before the debit; a creation that fails after it
// refunds it, and the sweeper settles what is left (purchases/sweep-purchases.ts).
import { dailyLimitMessage, type TCreatePriorityRequest, type TCreatedPriority } from '@civic/contracts';
import { AccountDeleted, type Identity, RequestUnavailable, settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';
import { DailyLimitReached, InsufficientPoliticalCapital, IssueNotFound, PurchaseNotCompleted } from '../errors.ts';
import { debitPurchase } from '../purchases/debit-purchase.ts';
import { discardUnpaidPurchase, refundPurchase } from '../purchases/refund-purchase.ts';
import { insertPriority } from './insert-priority.ts';
import { requestHashOf, startCreation } from './creation-keys.ts';
import { selectPriorityViews, toPriorityView, type PriorityRow } from './priority-view.ts';

/** Refusals the creating transaction answers as they are (after the refund). */
const REFUSALS = [AccountDeleted, IssueNotFound, DailyLimitReached, PurchaseNotCompleted];

async function checkBeforeCharging(ctx: PrioritiesContext, userId: string, issueId: number | null): Promise<void> {
  const limit = settingOf(ctx, 'max_priorities_per_user_per_day');
  const [check] = await ctx.db.query<{ deleted: boolean; issue_found: boolean; created_today: number }>(
    `SELECT ${prioritiesErasureGuard.deletedSql('$1')} AS deleted,
            ($2::int IS NULL OR EXISTS (SELECT 1 FROM priorities.issues WHERE id = $2::int)) AS issue_found,
            COALESCE((SELECT created FROM priorities.daily_priority_counts WHERE user_id = $1::uuid AND day = $3::date), 0) AS created_today`,
    [userId, issueId, ctx.platform.clock.now().toISOString().slice(0, 10)],
  );
  if (check!.deleted) throw new AccountDeleted();
  if (!check!.issue_found) throw new IssueNotFound();
  if (Number(check!.created_today) >= limit) throw new DailyLimitReached(dailyLimitMessage(limit));
}

/** The priority as the creating transaction committed it (its answer was lost, its charge found applied). */
async function readCreated(ctx: PrioritiesContext, userId: string, id: string, balance: number | null): Promise<TCreatedPriority> {
  const [row] = await ctx.db.query<PriorityRow>(selectPriorityViews('SELECT * FROM priorities.priorities WHERE id = $2::uuid'), [userId, id]);
  return { ...toPriorityView(row!, null), balance };
}

export async function createRecordedPriority(
  ctx: PrioritiesContext,
  caller: Identity,
  priority: { id: string; userId: string; input: TCreatePriorityRequest; cost: number; idempotencyKey: string | undefined },
): Promise<TCreatedPriority> {
  const { id, userId, cost, idempotencyKey } = priority;
  const started = await startCreation(ctx, { id, userId, cost, idempotencyKey, requestHash: requestHashOf(priority.input) });
  if (started.kind === 'repeated') return started.answer;

  try {
    await checkBeforeCharging(ctx, userId, priority.input.issueId ?? null);
  } catch (refusal) {
    await discardUnpaidPurchase(ctx, 'creation', id);
    throw refusal;
  }

  let balance: number | null = null;
  if (cost > 0) {
    const debit = await debitPurchase(ctx, { kind: 'creation', id, userId, cost, reference: id }, caller);
    switch (debit.kind) {
      case 'insufficient':
        await discardUnpaidPurchase(ctx, 'creation', id);
        throw new InsufficientPoliticalCapital(debit.message);
      case 'cancelled':
        await refundPurchase(ctx, 'creation', id);
        throw new PurchaseNotCompleted();
      case 'unknown':
        ctx.platform.logger.warn({ err: debit.error, chargeId: id }, 'creation charge got no answer; refunding its key');
        await refundPurchase(ctx, 'creation', id);
        throw debit.error instanceof RequestUnavailable ? debit.error : new PurchaseNotCompleted();
      case 'paid':
        balance = debit.balance;
        break;
    }
  }

  try {
    return await insertPriority(ctx, { id, userId, input: priority.input, recorded: { keepAnswer: idempotencyKey !== undefined }, balance });
  } catch (error) {
    // The commit may have happened with only its answer lost: then the claim finds the charge applied.
    if ((await refundPurchase(ctx, 'creation', id)) === 'applied') return readCreated(ctx, userId, id, balance);
    if (REFUSALS.some((refusal) => error instanceof refusal)) throw error;
    ctx.platform.logger.error({ err: error, chargeId: id }, 'priority paid for but not created; refunded');
    throw new PurchaseNotCompleted();
  }
}
