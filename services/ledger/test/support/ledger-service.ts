// The ledger service alone, for its one-service tests (@civic/service-kit/testing): citizens it knows
// from auth's registration event, credits earned by priorities' creation events, and the balance the
// other services see, which is the newest civic.ledger.balance.changed the ledger published.
import { randomUUID } from 'node:crypto';
import { afterEach, before } from 'node:test';
import { authEvents, ledgerEvents, prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { lateBound, type ServiceClient, type TestService, type TestServiceOptions, useTestService } from '@civic/service-kit/testing';
import { address } from '../../../../test/support/test-users.ts';
import { ledgerService, MIGRATIONS_DIR } from '../../src/app.ts';
import { assertBalancesMatchEntries, pollUntil, TEST_ENV } from './ledger-helpers.ts';

export interface LedgerCitizen {
  client: ServiceClient;
  id: string;
}

/** A citizen auth registered, once the ledger has published their initial credit; signed in as them. */
export async function registerCitizen(service: TestService, label = 'citizen', initial = 10): Promise<LedgerCitizen> {
  const id = randomUUID();
  await service.events.deliver(authEvents.UserRegistered, {
    userId: id,
    email: address(label),
    isAdmin: false,
    registeredAt: service.platform.clock.now().toISOString(),
  });
  const citizen = { client: service.asUser(id), id };
  if (initial > 0) await waitForBalance(service, citizen, initial);
  return citizen;
}

/** Gives a citizen 5 PC per priority through a real credit: the creation events priorities publishes. */
export async function createPriorities(service: TestService, citizen: LedgerCitizen, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await service.events.deliver(prioritiesEvents.PriorityCreated, {
      priorityId: randomUUID(),
      authorId: citizen.id,
      title: `Priority ${randomUUID()}`,
      createdAt: service.platform.clock.now().toISOString(),
    });
  }
}

/** The balance of the user's newest balance event (what auth shows), or null before the first. */
export function publishedBalance(service: TestService, userId: string): number | null {
  const mine = service.events.published(ledgerEvents.BalanceChanged).filter((e) => e.payload.userId === userId);
  if (mine.length === 0) return null;
  return mine.reduce((newest, e) => (e.payload.version > newest.payload.version ? e : newest)).payload.balance;
}

/** Waits until the newest balance event the ledger published about the citizen says `balance`. */
export async function waitForBalance(service: TestService, citizen: LedgerCitizen, balance: number): Promise<void> {
  await pollUntil(
    async () => publishedBalance(service, citizen.id),
    (b) => b === balance,
  );
}

/**
 * A suite's ledger service (TEST_ENV added to `options.env`) and its tables as the database's owner;
 * after every test, every balance must equal the sum of its entries (SECURITY 16).
 */
export function useLedgerService(options: TestServiceOptions = {}): { service: TestService; tables: SqlDriver } {
  const service = useTestService(ledgerService, { ...options, env: { ...TEST_ENV, ...options.env } });
  let tables: SqlDriver | undefined;
  before(async () => {
    tables = (await service.platform.databases.open('ledger', MIGRATIONS_DIR)).driver;
  });
  afterEach(async () => {
    if (tables) await assertBalancesMatchEntries(tables);
  });
  return { service, tables: lateBound('the ledger tables', () => tables) };
}
