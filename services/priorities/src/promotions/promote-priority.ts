// POST /api/priorities/{id}/promote (spec 2.6, 4 "Promote", 8, 9; SECURITY 15-17): the purchase saga
// of docs/ledger.md, with the promotions table as its record: checks, a pending row per
// (user, Idempotency-Key), the debit, then apply_promotion and its event in one transaction. A
// promotion that cannot apply refunds its debit, and the sweeper settles whatever a crash leaves
// (purchases/sweep-purchases.ts): a debit and its effect never diverge.
import { randomUUID } from 'node:crypto';
import { isUuid, prioritiesEvents, type TPromotionResult } from '@civic/contracts';
import { AccountDeleted, type Identity, RequestUnavailable, requestUserOf, settingOf } from '@civic/service-kit';
import { buildOutboxRows, insertOutboxRows } from '@civic/service-kit/events';
import type { PrioritiesContext } from '../context.ts';
import { prioritiesErasureGuard } from '../data-rights/erasure-guard.ts';
import { PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS } from '../domain/promotion-boost.ts';
import { IdempotencyKeyReused, InsufficientPoliticalCapital, PriorityNotFound, PromotionInProgress, PurchaseNotCompleted } from '../errors.ts';
import { debitPurchase } from '../purchases/debit-purchase.ts';
import { MAX_PRICE } from '../purchases/purchase-kinds.ts';
import { discardUnpaidPurchase, refundPurchase } from '../purchases/refund-purchase.ts';

interface PromotionRow {
  id: string;
  priority_id: string;
  cost: number;
  status: 'pending' | 'applied' | 'refunding' | 'refunded';
  balance_after: number | null;
  boost_after: number | null;
}

type Started = { kind: 'new'; id: string } | { kind: 'existing'; row: PromotionRow };

/**
 * Step 2: the pending row, or the live row this user's key already has. A live row that is gone by
 * the time it is read (refused as insufficient, or refunded, meanwhile) frees the key: try again.
 */
async function startPromotion(ctx: PrioritiesContext, priorityId: string, userId: string, key: string, cost: number): Promise<Started> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomUUID();
    const [inserted] = await ctx.db.query<{ id: string }>(
      `INSERT INTO priorities.promotions (id, priority_id, user_id, idempotency_key, cost, status, created_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::int, 'pending', $6::timestamptz)
       ON CONFLICT (user_id, idempotency_key) WHERE status <> 'refunded' DO NOTHING
       RETURNING id`,
      [id, priorityId, userId, key, cost, ctx.platform.clock.now().toISOString()],
      'priorities_start_promotion',
    );
    if (inserted) return { kind: 'new', id };
    const [existing] = await ctx.db.query<PromotionRow>(
      `SELECT id, priority_id, cost, status, balance_after, boost_after FROM priorities.promotions
       WHERE user_id = $1::uuid AND idempotency_key = $2::text AND status <> 'refunded'`,
      [userId, key],
    );
    if (existing) return { kind: 'existing', row: existing };
  }
  throw new PromotionInProgress();
}

function resultOf(row: Pick<PromotionRow, 'id' | 'priority_id' | 'cost' | 'balance_after' | 'boost_after'>): TPromotionResult {
  return {
    promotionId: row.id,
    priorityId: row.priority_id,
    cost: Number(row.cost),
    promotionBoost: Number(row.boost_after),
    balance: row.balance_after === null ? null : Number(row.balance_after),
  };
}

/** A repetition of a key: the first request's answer once it is applied. */
function answerRepetition(row: PromotionRow, priorityId: string): TPromotionResult {
  if (row.priority_id !== priorityId) throw new IdempotencyKeyReused();
  if (row.status !== 'applied') throw new PromotionInProgress();
  return resultOf(row);
}

type Applied = { status: 'applied' | 'settled' | 'missing' | 'deleted'; promotion_boost: number };

/** Step 4: apply_promotion (prisma/functions/apply_promotion.sql), then its event through the kit's outbox, in one transaction. */
async function applyPromotion(
  ctx: PrioritiesContext,
  promotion: { id: string; priorityId: string; userId: string; cost: number },
  balance: number | null,
): Promise<Applied> {
  const at = ctx.platform.clock.now().toISOString();
  const { rows } = buildOutboxRows(prioritiesEvents.PriorityPromoted, [
    { promotionId: promotion.id, priorityId: promotion.priorityId, userId: promotion.userId, cost: promotion.cost, promotedAt: at },
  ]);
  const call = {
    text: 'SELECT status, promotion_boost FROM priorities.apply_promotion($1::uuid, $2::uuid, $3::int, $4::timestamptz, $5::int, $6::bigint, $7::bigint)',
    params: [promotion.id, promotion.userId, balance, at, PROMOTION_BOOST_POINTS, PROMOTION_HALF_LIFE_MS, PROMOTION_LIFETIME_MS],
  };
  return ctx.db.transaction(async (tx) => {
    const [applied] = await tx.query<Applied>(call.text, call.params);
    if (applied?.status === 'applied') await insertOutboxRows(tx, prioritiesErasureGuard.schema, rows);
    return applied!;
  });
}

async function answerApplied(ctx: PrioritiesContext, promotionId: string): Promise<TPromotionResult> {
  const [row] = await ctx.db.query<PromotionRow>(
    'SELECT id, priority_id, cost, status, balance_after, boost_after FROM priorities.promotions WHERE id = $1::uuid',
    [promotionId],
  );
  ctx.topPriorities.invalidate();
  return resultOf(row!);
}

export async function promotePriority(
  ctx: PrioritiesContext,
  caller: Identity,
  priorityId: string,
  idempotencyKey: string | undefined,
): Promise<TPromotionResult> {
  // Anything that is not a UUID names no priority: a 404, not a database error.
  if (!isUuid(priorityId)) throw new PriorityNotFound();
  const id = priorityId.toLowerCase();
  const userId = requestUserOf(caller);
  const cost = Math.min(settingOf(ctx, 'priority_promotion_cost'), MAX_PRICE);

  const [state] = await ctx.db.query<{ active: boolean | null; deleted: boolean }>(
    `SELECT (SELECT p.is_active FROM priorities.priorities p WHERE p.id = $1::uuid) AS active,
            ${prioritiesErasureGuard.deletedSql('$2')} AS deleted`,
    [id, userId],
    'priorities_promote_state',
  );
  if (!state!.active) throw new PriorityNotFound();
  if (state!.deleted) throw new AccountDeleted();

  const started = await startPromotion(ctx, id, userId, idempotencyKey ?? randomUUID(), cost);
  if (started.kind === 'existing') return answerRepetition(started.row, id);
  const promotion = { id: started.id, priorityId: id, userId, cost };

  let balance: number | null = null;
  if (cost > 0) {
    const debit = await debitPurchase(ctx, { kind: 'promotion', id: promotion.id, userId, cost, reference: id }, caller);
    switch (debit.kind) {
      case 'insufficient':
        await discardUnpaidPurchase(ctx, 'promotion', promotion.id);
        throw new InsufficientPoliticalCapital(debit.message);
      case 'cancelled':
        await refundPurchase(ctx, 'promotion', promotion.id);
        throw new PurchaseNotCompleted();
      case 'unknown':
        ctx.platform.logger.warn({ err: debit.error, promotionId: promotion.id }, 'promotion debit got no answer; refunding its key');
        await refundPurchase(ctx, 'promotion', promotion.id);
        throw debit.error instanceof RequestUnavailable ? debit.error : new PurchaseNotCompleted();
      case 'paid':
        balance = debit.balance;
    }
  }

  let applied: Applied;
  try {
    applied = await applyPromotion(ctx, promotion, balance);
  } catch (error) {
    ctx.platform.logger.error({ err: error, promotionId: promotion.id }, 'promotion paid but maybe not applied; refunding');
    // The commit may have happened with only its answer lost: then the claim finds it applied.
    if ((await refundPurchase(ctx, 'promotion', promotion.id)) === 'applied') return answerApplied(ctx, promotion.id);
    throw new PurchaseNotCompleted();
  }
  switch (applied.status) {
    case 'applied':
      // The caller's next read of the list shows the new order (other replicas: the watched event).
      ctx.topPriorities.invalidate();
      return resultOf({ id: promotion.id, priority_id: id, cost, balance_after: balance, boost_after: applied.promotion_boost });
    case 'missing':
      await refundPurchase(ctx, 'promotion', promotion.id);
      throw new PriorityNotFound();
    case 'deleted':
      await refundPurchase(ctx, 'promotion', promotion.id);
      throw new AccountDeleted();
    case 'settled':
      // The sweeper claimed it first (this request took longer than PURCHASE_STALE_MS): it refunds.
      await refundPurchase(ctx, 'promotion', promotion.id);
      throw new PurchaseNotCompleted();
  }
}
