// What the integration suites share to make users: a unique address per call (per process, so
// parallel test files never collide), and budgets for tests that call in bulk from one address.
let n = 0;
export const address = (label: string) => `${label}.${process.pid}.${++n}@example.com`;

/**
 * Rate-limit budgets high enough for tests that sign in, vote or pay in bulk from one client address,
 * and read whole lists in polling loops from one account (PRIORITIES_READ_BUDGET, BRIEFING_READ_BUDGET).
 */
export const BULK_TEST_ENV = {
  RATE_LIMIT_SIGN_IN_MAIL: '1000',
  RATE_LIMIT_WRITE: '100000',
  RATE_LIMIT_ACCOUNT_WRITE: '100000',
  RATE_LIMIT_READ: '100000',
  PRIORITIES_READ_BUDGET: '100000',
  BRIEFING_READ_BUDGET: '100000',
};
