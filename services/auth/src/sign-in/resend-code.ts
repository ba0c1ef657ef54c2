// A new code for the same request. The failure count is kept (SECURITY 1): resending never
// buys an attacker more guesses.
import type { AuthContext } from '../context.ts';
import { BurnedRequest, InvalidCode, OtherBrowser } from '../errors.ts';
import { composeSignInMail, deliverSignInMail } from './sign-in-mail.ts';
import { SIGN_IN_STATE_COLUMNS, type SignInStateRow } from './sign-in-state-row.ts';
import { type Asker, assertMailAllowed, codeRefusal, lockAddress, recordMail } from './sign-in-limits.ts';
import { isBurned, SIGN_IN_TTL_MS } from './sign-in-policy.ts';
import { generateCode, hashBrowser, hashCode } from './sign-in-secrets.ts';

export async function resendCode(
  ctx: AuthContext,
  request: { stateId: string; browserId: string; network: string },
): Promise<{ stateId: string; email: string }> {
  const now = ctx.platform.clock.now();
  const code = generateCode();
  const emailNormalized = await ctx.db
    .transaction(async (tx) => {
      const [state] = await tx.query<SignInStateRow>(`SELECT ${SIGN_IN_STATE_COLUMNS} FROM auth.sign_in_states WHERE id = $1::uuid`, [request.stateId]);
      if (state?.method !== 'otp' || state.consumedAt) throw new InvalidCode();
      if (state.browserHash !== hashBrowser(request.browserId)) throw new OtherBrowser();
      if (isBurned(state.failedAttempts)) throw new BurnedRequest();
      await lockAddress(tx, state.emailCanonical);
      // The browser is the one that asked (checked above), so it is the known device it was then or not.
      const asker: Asker = { browserHash: state.browserHash, network: request.network, knownDevice: state.knownDevice };
      const refusal = await codeRefusal(tx, state.emailCanonical, asker, now);
      if (refusal) throw refusal;
      await assertMailAllowed(tx, state.emailCanonical, asker, now);
      const updated = await tx.execute('UPDATE auth.sign_in_states SET code_hash = $2, last_sent_at = $3, expires_at = $4 WHERE id = $1::uuid', [
        state.id,
        hashCode(ctx.codeKey, state.id, code),
        now,
        new Date(now.getTime() + SIGN_IN_TTL_MS),
      ]);
      // Gone since it was read (the account erased meanwhile): no mail for a request that no longer exists.
      if (updated !== 1) throw new InvalidCode();
      await recordMail(tx, state.emailCanonical, asker, now);
      // The address the first mail went to.
      return state.emailNormalized;
    })
    .catch((error: unknown) => {
      ctx.signInMails.refusedIfLimit('resend', error);
      throw error;
    });
  await deliverSignInMail(ctx, composeSignInMail(ctx.platform.config.PUBLIC_ORIGIN, emailNormalized, { code }), 'resend');
  return { stateId: request.stateId, email: emailNormalized };
}
