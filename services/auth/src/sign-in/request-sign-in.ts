// Sends a sign-in code or magic link. The answer is the same whether or not the address has an
// account (SECURITY 8); limits are checked under an advisory lock on the address so concurrent
// requests cannot slip past them (SECURITY 9; sign-in-limits.ts).
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../context.ts';
import { canonicalEmail } from './canonical-email.ts';
import { composeSignInMail, deliverSignInMail } from './sign-in-mail.ts';
import { type Asker, assertMailAllowed, codeRefusal, isKnownDevice, lockAddress, recordMail } from './sign-in-limits.ts';
import { normalizeEmail, SIGN_IN_TTL_MS } from './sign-in-policy.ts';
import { generateCode, generateLinkToken, hashBrowser, hashCode, hashLinkToken } from './sign-in-secrets.ts';

export type SignInMethod = 'otp' | 'magic_link';

export interface SignInRequest {
  email: string;
  method: SignInMethod;
  /** The asking browser's pre-session cookie value. */
  browserId: string;
  /** The asking browser's known-device cookie, if it has one (known-device.ts). */
  deviceCookie?: string | undefined;
  /** The asking client's network (services/kit/src/http/client-network.ts): what the per-IP mail limit counts. */
  network: string;
  /** The citizen whose invitation link the visitor came by (recruiter.ts decides whether it counts). */
  recruiterId?: string | undefined;
}

export async function requestSignIn(ctx: AuthContext, request: SignInRequest): Promise<{ stateId: string }> {
  const now = ctx.platform.clock.now();
  const emailCanonical = canonicalEmail(request.email);
  const stateId = randomUUID();
  const code = request.method === 'otp' ? generateCode() : null;
  const token = request.method === 'magic_link' ? generateLinkToken() : null;
  const browserHash = hashBrowser(request.browserId);

  const mailTo = await ctx.db
    .transaction(async (tx) => {
      await lockAddress(tx, emailCanonical);
      const [account] = await tx.query<{ id: string; emailNormalized: string }>(
        'SELECT id::text AS id, email_normalized AS "emailNormalized" FROM auth.users WHERE email_canonical = $1',
        [emailCanonical],
      );
      const asker: Asker = {
        browserHash,
        network: request.network,
        knownDevice: isKnownDevice(ctx.deviceKey, request.deviceCookie, account ?? null, now),
      };
      // A browser that could not use a code gets none: no mail is spent, and the answer says why
      // (for a paused address: use a link instead).
      if (code) {
        const refusal = await codeRefusal(tx, emailCanonical, asker, now);
        if (refusal) throw refusal;
      }
      await assertMailAllowed(tx, emailCanonical, asker, now);
      // The mailbox that signs in is the one that owns the account: an account's own address, as its
      // holder typed it at sign-up, else the address typed now. Mailing the typed alias of an existing
      // account would hand it to whoever holds "john+x@" on a domain where "+" is not a tag.
      const to = account?.emailNormalized ?? normalizeEmail(request.email);
      await tx.execute(
        `INSERT INTO auth.sign_in_states (id, email_normalized, email_canonical, method, code_hash, token_hash, browser_hash, known_device,
                                          created_at, last_sent_at, expires_at, recruiter_id)
         VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11::uuid)`,
        [
          stateId,
          to,
          emailCanonical,
          request.method,
          code ? hashCode(ctx.codeKey, stateId, code) : null,
          token ? hashLinkToken(token) : null,
          browserHash,
          asker.knownDevice,
          now,
          new Date(now.getTime() + SIGN_IN_TTL_MS),
          request.recruiterId ?? null,
        ],
      );
      await recordMail(tx, emailCanonical, asker, now);
      return to;
    })
    .catch((error: unknown) => {
      ctx.signInMails.refusedIfLimit(request.method, error);
      throw error;
    });

  await deliverSignInMail(ctx, composeSignInMail(ctx.platform.config.PUBLIC_ORIGIN, mailTo, code ? { code } : { token: token! }), request.method);
  return { stateId };
}
