// The end of a successful verification, inside its transaction: consume the request (once), find or
// register the user (with the recruiter of an eligible invitation, recruiter.ts), refuse a banned or
// rejected account, and record the events. The session itself is started after the commit.
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../context.ts';
import type { AuthTx } from '../db.ts';
import { AccountDeleted, AccountRejected, AccountSuspended, InvalidCode, RegistrationClosed } from '../errors.ts';
import { emitUserRegistered, emitUserSignedIn } from '../events.ts';
import { USER_COLUMNS, type UserRow } from '../users/user-row.ts';
import { eligibleRecruiter } from './recruiter.ts';
import type { SignInStateRow } from './sign-in-state-row.ts';

const SELECT_BY_KEY = `SELECT ${USER_COLUMNS} FROM auth.users WHERE email_canonical = $1`;

export interface SignedInUser {
  id: string;
  isAdmin: boolean;
  isBanned: boolean;
  /** Awaiting an administrator's approval. */
  isPending: boolean;
  /** The standing version the flags above were read at (the session carries it). */
  standingVersion: number;
  registered: boolean;
}

export async function completeSignIn(ctx: AuthContext, tx: AuthTx, state: SignInStateRow, now: Date): Promise<SignedInUser> {
  // The row is locked by the caller; the condition still guards against any other writer.
  const consumed = await tx.execute('UPDATE auth.sign_in_states SET consumed_at = $2 WHERE id = $1::uuid AND consumed_at IS NULL', [state.id, now]);
  if (consumed !== 1) throw new InvalidCode();

  // The account is the mailbox's, whichever spelling of it was typed (canonical-email.ts).
  let [user] = await tx.query<UserRow>(SELECT_BY_KEY, [state.emailCanonical]);
  let registered = false;
  if (!user) {
    if (!ctx.platform.settings.getBoolean('registration_enabled')) throw new RegistrationClosed();
    // The exact address listed, not any alias of it: on a domain where "+" is not a tag,
    // "chief+x@" may be someone else's mailbox.
    const isAdmin = ctx.platform.config.ADMIN_EMAILS.includes(state.emailNormalized);
    // While approval is required a new account waits for an administrator; an ADMIN_EMAILS account
    // never does (someone must be able to approve the first citizens).
    const approvalStatus = !isAdmin && ctx.platform.settings.getBoolean('registration_approval_required') ? 'pending' : 'approved';
    // ON CONFLICT: two first sign-ins of one mailbox racing each other end with one account.
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO auth.users (id, email, email_normalized, email_canonical, is_admin, approval_status, created_at)
       VALUES ($1::uuid, $2, $2, $3, $4, $5, $6)
       ON CONFLICT (email_canonical) DO NOTHING
       RETURNING id`,
      [randomUUID(), state.emailNormalized, state.emailCanonical, isAdmin, approvalStatus, now],
    );
    [user] = await tx.query<UserRow>(SELECT_BY_KEY, [state.emailCanonical]);
    // The other sign-in's account was erased since: the transaction rolls back.
    if (!user) throw new AccountDeleted();
    if (inserted.length === 1) {
      registered = true;
      const recruiterId = await eligibleRecruiter(tx, ctx.codeKey, state, user.id);
      await emitUserRegistered(tx, {
        userId: user.id,
        email: user.email,
        isAdmin: user.isAdmin,
        registeredAt: user.createdAt.toISOString(),
        ...(recruiterId ? { recruiterId } : {}),
        ...(user.approvalStatus === 'pending' ? { approvalStatus: 'pending' as const } : {}),
      });
    }
  }
  // The transaction rolls back: the request stays unconsumed and no sign-in is recorded.
  if (user.isBanned) throw new AccountSuspended();
  if (user.approvalStatus === 'rejected') throw new AccountRejected();
  const touched = await tx.execute('UPDATE auth.users SET last_sign_in_at = $2 WHERE id = $1::uuid', [user.id, now]);
  if (touched !== 1) throw new AccountDeleted();
  await emitUserSignedIn(tx, {
    userId: user.id,
    method: state.method === 'otp' ? 'otp' : 'magic_link',
    signedInAt: now.toISOString(),
  });
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    isBanned: user.isBanned,
    isPending: user.approvalStatus === 'pending',
    standingVersion: user.standingVersion,
    registered,
  };
}
