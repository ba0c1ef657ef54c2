// Verifies a code or a link token and, on success, signs the user in.
// Each attempt locks its request row (SELECT ... FOR UPDATE), so concurrent guesses are counted one
// by one and never get past the fifth (SECURITY 1), and two right answers give one session (SECURITY 2).
// A code's attempt first takes its address's lock (the order sending and resending use: address, then
// request row), so guesses sent at once at several requests for one address are counted one by one
// against the browser's and the address's 10 failures an hour too (sign-in-limits.ts). Links are
// never throttled by failures: a 256-bit token cannot be guessed.
import type { AuthContext } from '../context.ts';
import type { AuthTx } from '../db.ts';
import type { SignInState } from '../generated/prisma/client.ts';
import { BurnedRequest, ExpiredCode, InvalidCode, LinkExpired, LinkOtherBrowser, OtherBrowser } from '../errors.ts';
import { completeSignIn, type SignedInUser } from './complete-sign-in.ts';
import { codeRefusal, lockAddress, recordFailure, SIGN_IN_TRANSACTION } from './sign-in-limits.ts';
import { isBurned, isExpired } from './sign-in-policy.ts';
import { codeMatches, hashBrowser, hashLinkToken } from './sign-in-secrets.ts';

type Outcome = { ok: true; user: SignedInUser } | { ok: false; error: Error };

async function lockState(tx: AuthTx, where: { id: string } | { tokenHash: string }): Promise<SignInState | null> {
  const rows =
    'id' in where
      ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM auth.sign_in_states WHERE id = ${where.id}::uuid FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`SELECT id FROM auth.sign_in_states WHERE token_hash = ${where.tokenHash} FOR UPDATE`;
  const id = rows[0]?.id;
  return id ? tx.signInState.findUnique({ where: { id } }) : null;
}

export async function verifyCode(ctx: AuthContext, request: { stateId: string; otp: string; browserId: string }): Promise<SignedInUser> {
  const now = ctx.platform.clock.now();
  // Failures must be recorded even though the answer is an error, so the transaction returns the
  // outcome and the error is thrown after it commits.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [address] = await tx.$queryRaw<{ email_canonical: string }[]>`SELECT email_canonical FROM auth.sign_in_states WHERE id = ${request.stateId}::uuid`;
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
      const updated = await tx.signInState.update({
        where: { id: state.id },
        data: { failedAttempts: { increment: 1 } },
        select: { failedAttempts: true },
      });
      await recordFailure(tx, state.emailCanonical, asker, now);
      return { ok: false, error: isBurned(updated.failedAttempts) ? new BurnedRequest() : new InvalidCode() };
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
