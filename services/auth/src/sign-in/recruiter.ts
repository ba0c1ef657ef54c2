// Whether a new account came by an eligible invitation link: the sign-in request named a
// recruiter, the recruiter is another account that exists, is not banned and is not superseded, and
// the new account's address was never erased before. Only then does user.registered name the
// recruiter, and social records the recruit (and applies its daily cap per recruiter). An existing
// account never gets here: only a sign-in that creates the account asks.
import type { KeyRing } from '@civic/service-kit';
import type { AuthTx } from '../db.ts';
import type { SignInState } from '../generated/prisma/client.ts';
import { wasErased } from '../users/erased-addresses.ts';

export async function eligibleRecruiter(tx: AuthTx, codeKey: KeyRing, state: SignInState, newUserId: string): Promise<string | null> {
  const recruiterId = state.recruiterId;
  if (!recruiterId || recruiterId === newUserId) return null;
  const recruiter = await tx.user.findUnique({ where: { id: recruiterId }, select: { isBanned: true, supersededBy: true } });
  if (!recruiter || recruiter.isBanned || recruiter.supersededBy !== null) return null;
  if (await wasErased(tx, codeKey, state.emailCanonical)) return null;
  return recruiterId;
}
