// Verifies a code or a link token and, on success, signs the user in.
// Each attempt locks its request row (SELECT ... FOR UPDATE), so concurrent guesses are counted one
// by one and never get past the fifth (SECURITY 1), and two right answers give one session (SECURITY 2).
// A code's attempt first takes its address's lock (the order sending and resending use: address, then
// request row), so guesses sent at once at several requests for one address are counted one by one
// against the browser's and the address's 10 failures an hour too (sign-in-limits.ts). Links are
// never throttled by failures: a 256-bit token cannot be guessed.
import type { AuthContext } from '../context.ts';
import type { AuthTx } from '../db.ts';
import { BurnedRequest, ExpiredCode, InvalidCode, LinkExpired, LinkOtherBrowser, OtherBrowser } from '../errors.ts';
import { completeSignIn, type SignedInUser } from './complete-sign-in.ts';
import { codeRefusal, lockAddress, recordFailure } from './sign-in-limits.ts';
import { SIGN_IN_STATE_COLUMNS, type SignInStateRow } from './sign-in-state-row.ts';
import { isBurned, isExpired } from './sign-in-policy.ts';
import { codeMatches, hashBrowser, hashLinkToken } from './sign-in-secrets.ts';

type Outcome = { ok: true; user: SignedInUser } | { ok: false; error: Error };

async function lockState(tx: AuthTx, where: { id: string } | { tokenHash: string }): Promise<SignInStateRow | null> {
  const [state] =
    'id' in where
      ? await tx.query<SignInStateRow>(`SELECT ${SIGN_IN_STATE_COLUMNS} FROM auth.sign_in_states WHERE id = $1::uuid FOR UPDATE`, [where.id])
      : await tx.query<SignInStateRow>(`SELECT ${SIGN_IN_STATE_COLUMNS} FROM auth.sign_in_states WHERE token_hash = $1 FOR UPDATE`, [where.tokenHash]);
  return state ?? null;
}

export async function verifyCode(ctx: AuthContext, request: { stateId: string; otp: string; browserId: string }): Promise<SignedInUser> {
  const now = ctx.platform.clock.now();
  // Failures must be recorded even though the answer is an error, so the transaction returns the
  // outcome and the error is thrown after it commits.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [address] = await tx.query<{ email_canonical: string }>('SELECT email_canonical FROM auth.sign_in_states WHERE id = $1::uuid', [request.stateId]);
    if (!address) return { ok: false, error: new InvalidCode() };
    await lockAddress(tx, address.email_canonical);
    const state = await lockState(tx, { id: request.stateId });
    if (state?.method !== 'otp' || state.consumedAt) return { ok: false, error: new InvalidCode() };
    if (state.browserHash !== hashBrowser(request.browserId)) return { ok: false, error: new OtherBrowser() };
    if (isBurned(state.failedAttempts)) return { ok: false, error: new BurnedRequest() };
    // The browser is the one that asked (checked above): its budgets are the request's.
    const asker = { browserHash: state.browserHash, knownDevice: state.knownDevice };
    const refusal = await codeRefusal(tx, state.emailCanonical, asker, now);
    if (refusal) return { ok: false, error: refusal };
    if (isExpired(state.expiresAt, now)) return { ok: false, error: new ExpiredCode() };
    if (!codeMatches(ctx.codeKey, state.id, request.otp, state.codeHash!)) {
      // The row is locked above, so it is still there.
      const [updated] = await tx.query<{ failed_attempts: number }>(
        'UPDATE auth.sign_in_states SET failed_attempts = failed_attempts + 1 WHERE id = $1::uuid RETURNING failed_attempts',
        [state.id],
      );
      await recordFailure(tx, state.emailCanonical, asker, now);
      return { ok: false, error: isBurned(updated!.failed_attempts) ? new BurnedRequest() : new InvalidCode() };
    }
    return { ok: true, user: await completeSignIn(ctx, tx, state, now) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.user;
}

export async function verifyLinkToken(ctx: AuthContext, request: { token: string; browserId: string }): Promise<SignedInUser> {
  const now = ctx.platform.clock.now();
  return ctx.db.transaction(async (tx) => {
    const state = await lockState(tx, { tokenHash: hashLinkToken(request.token) });
    if (state?.method !== 'magic_link' || state.consumedAt || isExpired(state.expiresAt, now)) {
      throw new LinkExpired();
    }
    // Checked before anything is consumed: the link still works in the browser that asked for it.
    if (state.browserHash !== hashBrowser(request.browserId)) throw new LinkOtherBrowser();
    return completeSignIn(ctx, tx, state, now);
  });
}
