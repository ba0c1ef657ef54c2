// The priorities service alone, for its one-service tests (@civic/service-kit/testing): citizens it
// knows from the events auth and account publish when someone signs up and names themselves.
import { randomUUID } from 'node:crypto';
import { accountEvents, authEvents, insufficientMessage, LEDGER_MESSAGES, LEDGER_REQUESTS } from '@civic/contracts';
import type { ServiceClient, TestService } from '@civic/service-kit/testing';
import { profileUpdated } from '../../../../test/support/account-events.ts';
import { address } from '../../../../test/support/test-users.ts';

export interface Member {
  client: ServiceClient;
  id: string;
  firstName: string;
  lastName: string;
}

/** A registered, named citizen, as signing in and naming oneself tell priorities; signed in as them. */
export async function addMember(service: TestService, firstName: string, lastName: string): Promise<Member> {
  const id = randomUUID();
  const at = service.platform.clock.now();
  await service.events.deliver(authEvents.UserRegistered, {
    userId: id,
    email: address(firstName.toLowerCase()),
    isAdmin: false,
    registeredAt: at.toISOString(),
  });
  await service.events.deliver(accountEvents.ProfileUpdated, profileUpdated(id, { firstName, lastName }, at));
  return { client: service.asUser(id), id, firstName, lastName };
}

/**
 * The ledger's side of a purchase, as its contract says (contracts' LEDGER_REQUESTS): a debit per key
 * at most once, a refund per key at most once, a refunded or cancelled key never debited again.
 * Balances start at `startingBalance` PC. The ledger's own tests hold it to the same rules.
 */
export async function answerAsLedger(service: TestService, startingBalance = 1_000): Promise<{ balanceOf(userId: string): number }> {
  const balances = new Map<string, number>();
  const debits = new Map<string, { entryId: string; amount: number; balance: number }>();
  const closedKeys = new Set<string>();
  const balanceOf = (userId: string) => balances.get(userId) ?? startingBalance;
  await service.requests.answer(LEDGER_REQUESTS.debit, async ({ userId, amount, idempotencyKey }) => {
    const key = `${userId}|${idempotencyKey}`;
    if (closedKeys.has(key)) return { ok: false as const, reason: 'cancelled' as const, message: LEDGER_MESSAGES.cancelled, balance: balanceOf(userId) };
    const earlier = debits.get(key);
    if (earlier) return { ok: true as const, ...earlier };
    if (balanceOf(userId) < amount)
      return { ok: false as const, reason: 'insufficient' as const, message: insufficientMessage(amount, balanceOf(userId)), balance: balanceOf(userId) };
    balances.set(userId, balanceOf(userId) - amount);
    const debit = { entryId: randomUUID(), amount, balance: balanceOf(userId) };
    debits.set(key, debit);
    return { ok: true as const, ...debit };
  });
  await service.requests.answer(LEDGER_REQUESTS.refund, async ({ userId, idempotencyKey }) => {
    const key = `${userId}|${idempotencyKey}`;
    const debit = debits.get(key);
    const firstTime = !closedKeys.has(key);
    closedKeys.add(key);
    if (!debit) return { outcome: 'cancelled' as const, entryId: null, amount: 0, balance: balanceOf(userId) };
    if (firstTime) balances.set(userId, balanceOf(userId) + debit.amount);
    return { outcome: 'refunded' as const, entryId: randomUUID(), amount: debit.amount, balance: balanceOf(userId) };
  });
  return { balanceOf };
}
