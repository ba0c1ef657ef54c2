// The signed-in user's row, read on every page load.
import type { AuthContext } from '../context.ts';
import { USER_COLUMNS, type UserRow } from './user-row.ts';

const SELECT_USER = `SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`;

export async function findUserById(ctx: AuthContext, id: string): Promise<UserRow | null> {
  const [row] = await ctx.db.query<UserRow>(SELECT_USER, [id]);
  return row ?? null;
}
