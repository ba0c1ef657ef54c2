// rpc.auth.user_lookup (contracts/src/auth/requests.ts): whether an account exists, for a service
// whose read model of users has not caught up yet (social, when a follow or a block names someone who
// signed up a moment ago). An erased account has no row; a superseded one (a
// duplicate of a canonical address) can no longer sign in and counts as none.
import type { TUserLookupReply, TUserLookupRequest } from '@civic/contracts';
import type { AuthContext } from '../context.ts';

export async function lookupUser(ctx: AuthContext, { userId }: TUserLookupRequest): Promise<TUserLookupReply> {
  const [row] = await ctx.db.query<{ id: string; created_at: Date }>(
    'SELECT id::text AS id, created_at FROM auth.users WHERE id = $1::uuid AND superseded_by IS NULL',
    [userId.toLowerCase()],
  );
  return { user: row ? { userId: row.id, registeredAt: new Date(row.created_at).toISOString() } : null };
}
