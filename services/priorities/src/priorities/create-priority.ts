// POST /api/priorities (spec 2.13, 5 "Create priority"): free and without an Idempotency-Key, one
// transaction (insert-priority.ts); when priority_creation_cost > 0, or the request carries a key, the
// creation is recorded as a purchase first (create-recorded-priority.ts).
import { randomUUID } from 'node:crypto';
import type { TCreatePriorityRequest, TCreatedPriority } from '@civic/contracts';
import { type Identity, requestUserOf, settingOf } from '@civic/service-kit';
import type { PrioritiesContext } from '../context.ts';
import { MAX_PRICE } from '../purchases/purchase-kinds.ts';
import { createRecordedPriority } from './create-recorded-priority.ts';
import { insertPriority } from './insert-priority.ts';

export async function createPriority(
  ctx: PrioritiesContext,
  caller: Identity,
  input: TCreatePriorityRequest,
  idempotencyKey: string | undefined,
): Promise<TCreatedPriority> {
  const userId = requestUserOf(caller);
  const cost = Math.min(settingOf(ctx, 'priority_creation_cost'), MAX_PRICE);
  const id = randomUUID();
  // Free and without a key, nothing needs a record: one transaction.
  if (cost === 0 && idempotencyKey === undefined) return insertPriority(ctx, { id, userId, input, recorded: null, balance: null });
  return createRecordedPriority(ctx, caller, { id, userId, input, cost, idempotencyKey });
}
