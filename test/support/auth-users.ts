// Whether auth still holds a user row, read straight from auth's database: how a test waits for the
// erasure of an account (auth erases its row when it consumes account.user.deleted) before the same
// address signs up again.
import { MIGRATIONS_DIR as AUTH_MIGRATIONS } from '@civic/auth';
import type { Platform } from '@civic/service-kit';
import type { Stack } from './stack.ts';

// One database handle per auth platform (a restarted auth service has a new one).
const authDatabases = new WeakMap<object, ReturnType<Platform['databases']['open']>>();

export async function authHasUser(stack: Stack, userId: string): Promise<boolean> {
  const platform = stack.platforms.auth!;
  if (!authDatabases.has(platform)) authDatabases.set(platform, platform.databases.open('auth', AUTH_MIGRATIONS));
  const database = await authDatabases.get(platform)!;
  const rows = await database.driver.query('SELECT 1 FROM auth.users WHERE id = $1::uuid', [userId]);
  return rows.length > 0;
}

/** Marks a user banned in auth's own table (what auth reads when a ban matters outside a session, e.g. a recruiter). */
export async function banInAuth(stack: Stack, userId: string): Promise<void> {
  const platform = stack.platforms.auth!;
  if (!authDatabases.has(platform)) authDatabases.set(platform, platform.databases.open('auth', AUTH_MIGRATIONS));
  const database = await authDatabases.get(platform)!;
  await database.driver.query('UPDATE auth.users SET is_banned = true WHERE id = $1::uuid', [userId]);
}
