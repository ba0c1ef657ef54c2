// A registered user's empty profile and default settings (spec 3: settings default to public and on).
// Runs in the consumer's transaction; ON CONFLICT keeps an edit that raced ahead of the event, and a
// deleted account's id never gets rows again (a late or redelivered registration).
import type { SqlDriver } from '@civic/service-kit/db';
import { accountErasureGuard } from '../data-rights/erasure-guard.ts';

export async function createAccountRecords(tx: SqlDriver, userId: string): Promise<void> {
  if (await accountErasureGuard.isDeletedUser(tx, userId)) return;
  await tx.execute('INSERT INTO account.profiles (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', [userId]);
  await tx.execute('INSERT INTO account.settings (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', [userId]);
}
