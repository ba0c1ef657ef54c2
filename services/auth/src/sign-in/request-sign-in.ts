// Sends a sign-in code or magic link. The answer is the same whether or not the address has an
// account (SECURITY 8); limits are checked under an advisory lock on the address so concurrent
// requests cannot slip past them (SECURITY 9).
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../context.ts';
import type { AuthTx } from '../db.ts';
import { MailLimit, ResendCooldown } from '../errors.ts';
import { composeSignInMail, deliverSignInMail } from './sign-in-mail.ts';
import {
  HOUR_MS,
  MAX_MAILS_PER_ADDRESS_PER_HOUR,
  MAX_MAILS_PER_IP_PER_HOUR,
  normalizeEmail,
  resendWaitMs,
  SIGN_IN_TTL_MS,
} from './sign-in-policy.ts';
import { generateCode, generateLinkToken, hashBrowser, hashCode, hashLinkToken } from './sign-in-secrets.ts';

export type SignInMethod = 'otp' | 'magic_link';

export interface SignInRequest {
  email: string;
  method: SignInMethod;
  /** The asking browser's pre-session cookie value. */
  browserId: string;
  /** The asking client's network (services/kit/src/http/client-network.ts): what the per-IP mail limit counts. */
  network: string;
}

/**
 * Throws unless another sign-in mail may go to `email` from the client's `network` now; call inside
 * the address lock. It takes the network's lock too (always after an address's, so no two requests
 * wait for each other in a circle): sends to many addresses at once from one network are counted
 * one by one against its 20 an hour.
 */
export async function assertMailAllowed(tx: AuthTx, emailNormalized: string, network: string, now: Date): Promise<void> {
  await lockSignInKey(tx, `sign-in-network:${network}`);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [last, byAddress, byIp] = await Promise.all([
    tx.signInMail.findFirst({ where: { emailNormalized }, orderBy: { sentAt: 'desc' }, select: { sentAt: true } }),
    tx.signInMail.count({ where: { emailNormalized, sentAt: { gt: hourAgo } } }),
    tx.signInMail.count({ where: { ip: network, sentAt: { gt: hourAgo } } }),
  ]);
  const wait = resendWaitMs(last?.sentAt ?? null, now);
  if (wait > 0) throw new ResendCooldown(String(Math.ceil(wait / 1000)));
  if (byAddress >= MAX_MAILS_PER_ADDRESS_PER_HOUR || byIp >= MAX_MAILS_PER_IP_PER_HOUR) throw new MailLimit();
}

/** The transaction-long advisory lock the sign-in limits are counted under, one per key. */
async function lockSignInKey(tx: AuthTx, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

export async function lockAddress(tx: AuthTx, emailNormalized: string): Promise<void> {
  await lockSignInKey(tx, `sign-in:${emailNormalized}`);
}

export async function requestSignIn(ctx: AuthContext, request: SignInRequest): Promise<{ stateId: string }> {
  const now = ctx.platform.clock.now();
  const emailNormalized = normalizeEmail(request.email);
  const stateId = randomUUID();
  const code = request.method === 'otp' ? generateCode() : null;
  const token = request.method === 'magic_link' ? generateLinkToken() : null;

  await ctx.db.$transaction(async (tx) => {
    await lockAddress(tx, emailNormalized);
    await assertMailAllowed(tx, emailNormalized, request.network, now);
    await tx.signInState.create({
      data: {
        id: stateId,
        emailNormalized,
        method: request.method,
        codeHash: code ? hashCode(ctx.codeKey, stateId, code) : null,
        tokenHash: token ? hashLinkToken(token) : null,
        browserHash: hashBrowser(request.browserId),
        createdAt: now,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
      },
    });
    await tx.signInMail.create({ data: { emailNormalized, ip: request.network, sentAt: now } });
  });

  await deliverSignInMail(
    ctx,
    // To the address the account is keyed on, as a resend does: the mailbox that signs in is the one that owns the account.
    composeSignInMail(ctx.platform.config.PUBLIC_ORIGIN, emailNormalized, code ? { code } : { token: token! }),
  );
  return { stateId };
}
