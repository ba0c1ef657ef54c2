// Helpers of the network tests: citizens social already knows (its member row, with the names, is
// there before a follow names them), the network calls, and the counts and edges read straight from
// social's tables (to check that the counts always equal the edges).
import type { TBlockResponse, TFollowResponse, TNetworkUser } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { Stack } from '../../../../test/support/stack.ts';
import { type Member, pollUntil, signInMember } from './social-helpers.ts';

/** A signed-in member whose member row (with names) social holds, so follows can name them. */
export async function signInCitizen(stack: Stack, tables: SqlDriver, firstName: string, lastName: string): Promise<Member> {
  const member = await signInMember(stack, firstName, lastName);
  await pollUntil(
    () => tables.query<{ first_name: string | null }>('SELECT first_name FROM social.members WHERE user_id = $1::uuid', [member.id]),
    (rows) => rows[0]?.first_name === firstName,
  );
  return member;
}

export const network = {
  follow: (m: Member, target: Member | string) => m.client.request<TFollowResponse>('POST', `/api/users/${idOf(target)}/follow`),
  unfollow: (m: Member, target: Member | string) => m.client.request<TFollowResponse>('DELETE', `/api/users/${idOf(target)}/follow`),
  block: (m: Member, target: Member | string) => m.client.request<TBlockResponse>('POST', `/api/users/${idOf(target)}/block`),
  unblock: (m: Member, target: Member | string) => m.client.request<TBlockResponse>('DELETE', `/api/users/${idOf(target)}/block`),
  followers: (m: Member, of: Member, query = '') => m.client.get<TNetworkUser[]>(`/api/users/${of.id}/followers${query}`),
  following: (m: Member, of: Member, query = '') => m.client.get<TNetworkUser[]>(`/api/users/${of.id}/following${query}`),
};

const idOf = (target: Member | string) => (typeof target === 'string' ? target : target.id);

/** A user's counts as social's state row holds them (zeros without a row). */
export async function countsOf(tables: SqlDriver, userId: string) {
  const [row] = await tables.query<{ followers: number; following: number; version: number }>(
    'SELECT followers, following, version FROM social.user_network WHERE user_id = $1::uuid',
    [userId],
  );
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
}

/** The users whose stored counts differ from their edges (none, whatever ran). */
export async function countsThatDrifted(tables: SqlDriver, userIds: readonly string[]) {
  return tables.query<{ user_id: string }>(
    `SELECT n.user_id FROM social.user_network n
     WHERE n.user_id = ANY($1::uuid[])
       AND (n.followers <> (SELECT count(*) FROM social.follows f WHERE f.followee_id = n.user_id)
         OR n.following <> (SELECT count(*) FROM social.follows f WHERE f.follower_id = n.user_id))`,
    [userIds],
  );
}

export async function edgeCount(tables: SqlDriver, follower: Member, followee: Member): Promise<number> {
  const [row] = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM social.follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid', [
    follower.id,
    followee.id,
  ]);
  return row!.n;
}
