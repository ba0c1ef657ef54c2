// The signed-in user's row, read on every page load: plain SQL rather than Prisma on this hot path.
import type { AuthContext } from '../context.ts';
import type { User } from '../generated/prisma/client.ts';

interface UserRow {
  id: string;
  email: string;
  email_normalized: string;
  is_admin: boolean;
  is_banned: boolean;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function findUserById(ctx: AuthContext, id: string): Promise<User | null> {
  const [row] = await ctx.sql.query<UserRow>(
    'SELECT id, email, email_normalized, is_admin, is_banned, created_at, last_sign_in_at FROM auth.users WHERE id = $1',
    [id],
  );
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    emailNormalized: row.email_normalized,
    isAdmin: row.is_admin,
    isBanned: row.is_banned,
    createdAt: toDate(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : toDate(row.last_sign_in_at),
  };
}
