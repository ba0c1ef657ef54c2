// A registered user's empty profile and default settings (spec 3: settings default to public and on).
// Runs in the consumer's transaction; ON CONFLICT keeps an edit that raced ahead of the event, and a
// deleted account's id never gets rows again (a late or redelivered registration).
import type { SqlExecutor } from '@civic/service-kit/events';
import { accountErasureGuard } from '../data-rights/erasure-guard.ts';

export async function createAccountRecords(tx: SqlExecutor, userId: string): Promise<void> {
  if (await accountErasureGuard.isDeletedUser(tx, userId)) return;
  await tx.$executeRawUnsafe('INSERT INTO account.profiles (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', userId);
  await tx.$executeRawUnsafe('INSERT INTO account.settings (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', userId);
}
