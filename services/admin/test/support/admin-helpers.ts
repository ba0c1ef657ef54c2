// What the admin service's tests share: its tables (as the database administrator when distributed)
// and clients with an administrator's or a citizen's session.
import type { SqlDriver } from '@civic/service-kit/db';
import { openAdminDatabase } from '../../../../test/support/admin-database.ts';
import type { Stack } from '../../../../test/support/stack.ts';
import { MIGRATIONS_DIR } from '../../src/app.ts';

export { pollUntil } from '../../../../test/support/poll.ts';
export { createPriority, priorityBody, sessionFor, signInCitizen, TEST_ENV, type Citizen } from '../../../priorities/test/support/priorities-helpers.ts';

/** The admin service's own tables, with the rights to disable a trigger (tests only). */
export async function openAdminTables(stack: Stack): Promise<SqlDriver> {
  if (stack.profile === 'distributed') return openAdminDatabase(stack, 'admin');
  const database = await stack.platforms.admin!.databases.open('admin', MIGRATIONS_DIR);
  return database.driver;
}

export const messageOf = (answer: { body: unknown }) => (answer.body as { message?: string }).message;
