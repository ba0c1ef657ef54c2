// Helpers of the ledger tests: signed-in citizens, their balance as GET /api/auth/user shows it,
// debits and refunds asked over the platform's request bus (as the priorities service will), and a
// direct look at the ledger's tables, including the check that every balance is the sum of its
// entries (SECURITY 16).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  LEDGER_REQUESTS,
  type PlatformSettingKey,
  type TDebitReply,
  type TDebitRequest,
  type TPoliticalCapitalTransaction,
  type TRefundReply,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { Identity } from '@civic/service-kit';
import type { TestService } from '@civic/service-kit/testing';
import type { ApiClient, HttpCaller } from '../../../../test/support/api-client.ts';
import { pollUntil } from '../../../../test/support/poll.ts';
import { signIn } from '../../../../test/support/sign-in.ts';
import { openAdminDatabase } from '../../../../test/support/admin-database.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';
import { address, BULK_TEST_ENV } from '../../../../test/support/test-users.ts';

export { address, BULK_TEST_ENV as TEST_ENV };

export interface Citizen {
  client: ApiClient;
  id: string;
}

/** Signs a new user in and waits until the ledger has opened their account (the initial credit). */
export async function signInCitizen(stack: Stack, label = 'citizen', initial = 10): Promise<Citizen> {
  const client = stack.client();
  const { id } = await signIn(stack, client, address(label));
  const citizen = { client, id };
  if (initial > 0) await waitForBalance(citizen, initial);
  return citizen;
}

/** politicalCapital as GET /api/auth/user answers it. */
export async function balanceOf(citizen: Citizen): Promise<number> {
  const answer = await citizen.client.get('/api/auth/user');
  assert.equal(answer.status, 200, answer.text);
  return answer.body.politicalCapital as number;
}

/** Waits until the user's politicalCapital (auth's copy, from the ledger's events) is `balance`. */
export async function waitForBalance(citizen: Citizen, balance: number): Promise<void> {
  await pollUntil(
    () => balanceOf(citizen),
    (b) => b === balance,
  );
}

export async function transactionsOf(citizen: { client: HttpCaller }, query = ''): Promise<TPoliticalCapitalTransaction[]> {
  const answer = await citizen.client.get<TPoliticalCapitalTransaction[]>(`/api/political-capital/transactions${query}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

export function dailyLogin(citizen: { client: HttpCaller }) {
  return citizen.client.post('/api/daily-login');
}

/** The identity a service passes on when it asks for the user (the one the gateway gave it). */
export const identityOf = (userId: string): Identity => ({ userId, isAdmin: false, isBanned: false, ip: '127.0.0.1' });

/**
 * Where a request to the ledger goes out: a stack's priorities platform (embedded: the one platform;
 * distributed: over NATS, as a promotion will), or a test service's own request bus.
 */
const requestsOf = (from: Stack | TestService) => ('platforms' in from ? from.platforms.priorities! : from.platform).requests;

/** Asks the ledger to debit, as the priorities service does for a promotion. */
export function requestDebit(
  from: Stack | TestService,
  request: Partial<TDebitRequest> & { userId: string },
  identity = identityOf(request.userId),
): Promise<TDebitReply> {
  const payload: TDebitRequest = { amount: 50, idempotencyKey: `promotion:${randomUUID()}`, reason: 'promote_priority', ...request };
  return requestsOf(from).request(LEDGER_REQUESTS.debit, payload, { caller: 'priorities', identity, timeoutMs: 20_000 });
}

export function requestRefund(from: Stack | TestService, userId: string, idempotencyKey: string): Promise<TRefundReply> {
  return requestsOf(from).request(
    LEDGER_REQUESTS.refund,
    { userId, idempotencyKey },
    { caller: 'priorities', identity: identityOf(userId), timeoutMs: 20_000 },
  );
}

/** Sets a platform setting where the ledger runs (one platform, or the ledger process's). */
export function setLedgerSetting(stack: Stack, key: PlatformSettingKey, value: string): void {
  stack.platforms.ledger!.settings.set(key, value);
}

/** The ledger's own tables, read directly (through the ledger's platform and database). */
/** The ledger's tables as the administrator when distributed: the triggers, not the service role's rights, are under test. */
export async function openLedgerTables(stack: Stack): Promise<SqlDriver> {
  if (stack.profile === 'distributed') return openAdminDatabase(stack, 'ledger');
  const database = await stack.platforms.ledger!.databases.open('ledger', MIGRATIONS_DIR);
  return database.driver;
}

export interface AccountRow {
  balance: number;
  version: number;
  entries: number;
  total: number;
}

export async function accountRow(tables: SqlDriver, userId: string): Promise<AccountRow | null> {
  const [row] = await tables.query<AccountRow>(
    `SELECT a.balance, a.version,
            (SELECT count(*)::int FROM ledger.entries e WHERE e.user_id = a.user_id) AS entries,
            (SELECT COALESCE(sum(e.amount), 0)::int FROM ledger.entries e WHERE e.user_id = a.user_id) AS total
     FROM ledger.accounts a WHERE a.user_id = $1::uuid`,
    [userId],
  );
  return row ?? null;
}

/**
 * SECURITY 16, checked in SQL over every account: the balance is the sum of the account's entries,
 * its version is the number of entries, and the newest entry's balance_after is the balance. Every
 * entry belongs to an account (the foreign key), so entries without an account cannot hide.
 */
export async function assertBalancesMatchEntries(tables: SqlDriver): Promise<void> {
  const broken = await tables.query(
    `SELECT a.user_id, a.balance, a.version, s.total, s.entries, s.last_balance
     FROM ledger.accounts a
     LEFT JOIN LATERAL (
       SELECT COALESCE(sum(e.amount), 0)::int AS total, count(*)::int AS entries,
              (SELECT e2.balance_after FROM ledger.entries e2 WHERE e2.user_id = a.user_id ORDER BY e2.version DESC LIMIT 1) AS last_balance
       FROM ledger.entries e WHERE e.user_id = a.user_id
     ) s ON true
     WHERE a.balance <> s.total OR a.version <> s.entries OR a.balance <> COALESCE(s.last_balance, 0)`,
  );
  assert.deepEqual(broken, [], 'every balance equals the sum of its entries');
  // SECURITY 30: what an account owes is what its reversals could not take, less what later credits repaid.
  const owing = await tables.query(
    `SELECT a.user_id, a.owed,
            (SELECT COALESCE(sum(r.owed), 0)::int FROM ledger.reward_reversals r WHERE r.user_id = a.user_id) AS reversed,
            (SELECT COALESCE(sum(e.amount), 0)::int FROM ledger.entries e WHERE e.user_id = a.user_id AND e.kind = 'owed_repaid') AS repaid
     FROM ledger.accounts a
     WHERE a.owed <> (SELECT COALESCE(sum(r.owed), 0) FROM ledger.reward_reversals r WHERE r.user_id = a.user_id)
                   + (SELECT COALESCE(sum(e.amount), 0) FROM ledger.entries e WHERE e.user_id = a.user_id AND e.kind = 'owed_repaid')`,
  );
  assert.deepEqual(owing, [], "every owed amount equals the reversals' shortfalls less the repayments");
  const [{ accounts }] = (await tables.query<{ accounts: number }>('SELECT count(*)::int AS accounts FROM ledger.accounts')) as [{ accounts: number }];
  assert.ok(accounts > 0, 'the check looked at accounts');
}

/** Runs `sql` and answers the error it fails with (or fails the test when it succeeds). */
export async function refusal(tables: SqlDriver, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await tables.query(sql, params);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail(`expected the database to refuse: ${sql}`);
}

export { pollUntil };
