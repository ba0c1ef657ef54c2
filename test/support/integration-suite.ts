// The service-integration tier's one setup: a stack per run profile, started before a suite's
// tests and closed after them, so a test file says only what it needs.
//
//   for (const { profile, skip } of await profilePlan()) {
//     describe(`ledger debits (${profile})`, { skip }, () => {
//       const stack = useStack(profile, { services: ['auth', 'ledger', 'priorities'], env: TEST_ENV });
//       before(async () => { tables = await openLedgerTables(stack); });   // runs once the stack is up
//       test('...', async () => { await stack.client().get('/api/...'); });
//     });
//   }
//
// node:test runs a suite's `after` hooks in the order they were registered, and this one is
// registered first: stop what a test file starts on the stack with `stack.onClose(...)` (test
// producers do it themselves), not in a later `after`, so it stops before the services it uses.
import { after, before } from 'node:test';
import { SERVICE_ROSTER } from '@civic/roster';
import type { Profile } from './infrastructure.ts';
import { lateBound } from '@civic/service-kit/testing';
import { startStack, type ServiceName, type Stack, type StackOptions } from './stack.ts';

/** For suites that reach every service (a data export gathers a section from each). */
export const ALL_SERVICES: readonly ServiceName[] = SERVICE_ROSTER.map((entry) => entry.name);

/** Registers the suite's start and close hooks; the returned stack is usable inside hooks and tests. */
export function useStack(profile: Profile, options: StackOptions = {}): Stack {
  let stack: Stack | undefined;
  before(async () => {
    stack = await startStack(profile, options);
  });
  after(async () => {
    await stack?.close();
  });
  return lateBound('the test stack', () => stack);
}
