// Whether a new account came by an eligible invitation link: the sign-in request named a
// recruiter, the recruiter is another account that exists, is not banned and is not superseded, and
// the new account's address was never erased before. Only then does user.registered name the
// recruiter, and social records the recruit (and applies its daily cap per recruiter). An existing
// account never gets here: only a sign-in that creates the account asks.
import type { KeyRing } from '@civic/service-kit';
import type { AuthTx } from '../db.ts';
import { wasErased } from '../users/erased-addresses.ts';
import type { SignInStateRow } from './sign-in-state-row.ts';

export async function eligibleRecruiter(tx: AuthTx, codeKey: KeyRing, state: SignInStateRow, newUserId: string): Promise<string | null> {
  const recruiterId = state.recruiterId;
  if (!recruiterId || recruiterId === newUserId) return null;
  const [recruiter] = await tx.query<{ isBanned: boolean; supersededBy: string | null }>(
    'SELECT is_banned AS "isBanned", superseded_by::text AS "supersededBy" FROM auth.users WHERE id = $1::uuid',
    [recruiterId],
  );
  if (!recruiter || recruiter.isBanned || recruiter.supersededBy !== null) return null;
  if (await wasErased(tx, codeKey, state.emailCanonical)) return null;
  return recruiterId;
}
