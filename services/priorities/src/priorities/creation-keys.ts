// The Idempotency-Key of POST /api/priorities (SECURITY 17), kept on the creation's row in
// creation_charges: a repeated key answers the first answer, 409 while that one is under way, and 400
// with a different title, description or issue (a key names one request: answering a priority the
// client did not ask for would hide its mistake). A failed creation leaves its key free.
import { createHash } from 'node:crypto';
import type { TCreatePriorityRequest, TCreatedPriority } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { CreationInProgress, CreationKeyReused } from '../errors.ts';

/** SHA-256 of the parsed (trimmed) request: what "the same request" means for a key. */
export function requestHashOf(input: TCreatePriorityRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([input.title, input.description, input.issueId ?? null]))
    .digest('hex');
}

interface KeyedRow {
  status: 'pending' | 'applied' | 'refunding' | 'refunded';
  request_hash: string | null;
  response: string | null;
}

export type CreationStart = { kind: 'new' } | { kind: 'repeated'; answer: TCreatedPriority };

/**
 * Writes the pending row of creation `id` (its charge, `cost` 0 when free), under the caller's key
 * when there is one. With a key already live, answers the first request's answer (or refuses).
 */
export async function startCreation(
  ctx: PrioritiesContext,
  creation: { id: string; userId: string; cost: number; idempotencyKey: string | undefined; requestHash: string },
): Promise<CreationStart> {
  const { id, userId, cost, idempotencyKey, requestHash } = creation;
  const now = ctx.platform.clock.now().toISOString();
  if (idempotencyKey === undefined) {
    await ctx.db.query(
      `INSERT INTO priorities.creation_charges (id, user_id, cost, status, created_at) VALUES ($1::uuid, $2::uuid, $3::int, 'pending', $4::timestamptz)`,
      [id, userId, cost, now],
    );
    return { kind: 'new' };
  }
  // A live row that is gone by the time it is read (refused or refunded meanwhile) frees the key: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await ctx.db.query<{ id: string }>(
      `INSERT INTO priorities.creation_charges (id, user_id, cost, status, created_at, idempotency_key, request_hash)
       VALUES ($1::uuid, $2::uuid, $3::int, 'pending', $4::timestamptz, $5::text, $6::text)
       ON CONFLICT (user_id, idempotency_key) WHERE status <> 'refunded' AND idempotency_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [id, userId, cost, now, idempotencyKey, requestHash],
      'priorities_start_keyed_creation',
    );
    if (inserted) return { kind: 'new' };
    const [existing] = await ctx.db.query<KeyedRow>(
      `SELECT status, request_hash, response FROM priorities.creation_charges
       WHERE user_id = $1::uuid AND idempotency_key = $2::text AND status <> 'refunded'`,
      [userId, idempotencyKey],
    );
    if (existing) return { kind: 'repeated', answer: answerRepetition(existing, requestHash) };
  }
  throw new CreationInProgress();
}

function answerRepetition(row: KeyedRow, requestHash: string): TCreatedPriority {
  if (row.request_hash !== requestHash) throw new CreationKeyReused();
  if (row.status !== 'applied' || row.response === null) throw new CreationInProgress();
  // An answer stored before the answer carried the balance gives none (null: the client reads it).
  return { balance: null, ...(JSON.parse(row.response) as Omit<TCreatedPriority, 'balance'>) };
}
