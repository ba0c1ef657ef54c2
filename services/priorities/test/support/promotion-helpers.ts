// Helpers of the tests that pay political capital (promotions, the creation cost): citizens with a
// chosen starting balance, the promote call, a priority's boost and promotions read from priorities'
// tables, and the ledger's side (its tables, balances, the SECURITY 16 check) through its helpers.
import assert from 'node:assert/strict';
import { IDEMPOTENCY_KEY_HEADER, type TPromotionResult } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient, ApiResponse } from '../../../../test/support/api-client.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { balanceOf, waitForBalance } from '../../../ledger/test/support/ledger-helpers.ts';
import { signInCitizen, type Citizen } from './priorities-helpers.ts';

export {
  accountRow,
  assertBalancesMatchEntries,
  balanceOf,
  openLedgerTables,
  requestDebit,
  transactionsOf,
  waitForBalance,
} from '../../../ledger/test/support/ledger-helpers.ts';

/**
 * A signed-in, named citizen who starts with `balance` PC: the ledger's real registration credit, with
 * initial_political_capital set to it until the credit has arrived (auth's politicalCapital shows it).
 */
export async function signInPayer(stack: Stack, firstName: string, balance: number): Promise<Citizen> {
  const ledger = stack.platforms.ledger!;
  ledger.settings.set('initial_political_capital', String(balance));
  try {
    const citizen = await signInCitizen(stack, firstName, 'Payer');
    await waitForBalance(citizen, balance);
    return citizen;
  } finally {
    ledger.settings.set('initial_political_capital', '10');
  }
}

export function promote(client: ApiClient, priorityId: string, idempotencyKey?: string): Promise<ApiResponse<TPromotionResult>> {
  return client.post<TPromotionResult>(`/api/priorities/${priorityId}/promote`, undefined, {
    headers: idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export async function boostOf(tables: SqlDriver, priorityId: string): Promise<number> {
  const [row] = await tables.query<{ promotion_boost: number }>('SELECT promotion_boost FROM priorities.priorities WHERE id = $1::uuid', [priorityId]);
  assert.ok(row, `priority ${priorityId} exists`);
  return Number(row.promotion_boost);
}

export interface PromotionRecord {
  id: string;
  priority_id: string;
  status: string;
  cost: number;
  applied_at: Date | string | null;
}

export function promotionsOf(tables: SqlDriver, userId: string): Promise<PromotionRecord[]> {
  return tables.query<PromotionRecord>(
    'SELECT id, priority_id, status, cost, applied_at FROM priorities.promotions WHERE user_id = $1::uuid ORDER BY created_at, id',
    [userId],
  );
}

/** The user's balance as auth shows it, once it has settled at `expected` (events are asynchronous). */
export async function assertBalance(citizen: Citizen, expected: number): Promise<void> {
  await waitForBalance(citizen, expected);
  assert.equal(await balanceOf(citizen), expected);
}
