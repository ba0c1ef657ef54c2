// The sign-in throttles (SECURITY 1 and 9 as issue 14 item 2 scopes them), counted in the database
// under transaction-long advisory locks, so a burst of concurrent requests cannot slip past one.
// Budgets are per address and asking browser; the address-wide bounds leave out the account's known
// devices (known-device.ts), so a third party spending them cannot lock the owner out; the per-IP
// bound counts the asker's network, never the owner's.
import type { AuthTx } from '../db.ts';
import { CodesPaused, MailLimit, ResendCooldown, TooManyFailures } from '../errors.ts';
import { knownDeviceUserId } from './known-device.ts';
import {
  HOUR_MS,
  MAX_FAILURES_PER_ADDRESS_PER_HOUR,
  MAX_FAILURES_PER_BROWSER_PER_HOUR,
  MAX_MAILS_PER_ADDRESS_PER_HOUR,
  MAX_MAILS_PER_BROWSER_PER_HOUR,
  MAX_MAILS_PER_IP_PER_HOUR,
  resendWaitMs,
} from './sign-in-policy.ts';

/** Who asks: what the budgets are counted by. */
export interface Asker {
  /** hashBrowser() of the pre-session cookie. */
  browserHash: string;
  /** The client's network (services/kit/src/http/client-network.ts). */
  network: string;
  /** A browser that has signed in to the address's account before: the address-wide counts leave it out. */
  knownDevice: boolean;
}

/** The transaction-long advisory lock the sign-in limits are counted under, one per key. */
async function lockSignInKey(tx: AuthTx, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/** Taken first by every send, resend and code check of the address. */
export async function lockAddress(tx: AuthTx, emailNormalized: string): Promise<void> {
  await lockSignInKey(tx, `sign-in:${emailNormalized}`);
}

/** Whether the browser's known-device cookie names the account the address belongs to. */
export async function isKnownDevice(tx: AuthTx, deviceKey: string, cookie: string | undefined, emailNormalized: string, now: Date): Promise<boolean> {
  const userId = knownDeviceUserId(deviceKey, cookie, now);
  if (!userId) return false;
  const user = await tx.user.findUnique({ where: { emailNormalized }, select: { id: true } });
  return user?.id === userId;
}

/**
 * Throws unless another sign-in mail may go to `emailNormalized` for this asker now; call inside the
 * address lock. It takes the network's lock too (always after an address's, so no two requests wait
 * for each other in a circle): sends to many addresses at once from one network are counted one by
 * one against its 20 an hour.
 */
export async function assertMailAllowed(tx: AuthTx, emailNormalized: string, asker: Asker, now: Date): Promise<void> {
  await lockSignInKey(tx, `sign-in-network:${asker.network}`);
  const sentAt = { gt: new Date(now.getTime() - HOUR_MS) };
  const thisBrowser = { emailNormalized, browserHash: asker.browserHash, sentAt };
  const [last, byBrowser, byAddress, byNetwork] = await Promise.all([
    tx.signInMail.findFirst({ where: thisBrowser, orderBy: { sentAt: 'desc' }, select: { sentAt: true } }),
    tx.signInMail.count({ where: thisBrowser }),
    asker.knownDevice ? 0 : tx.signInMail.count({ where: { emailNormalized, knownDevice: false, sentAt } }),
    tx.signInMail.count({ where: { ip: asker.network, sentAt } }),
  ]);
  const wait = resendWaitMs(last?.sentAt ?? null, now);
  if (wait > 0) throw new ResendCooldown(String(Math.ceil(wait / 1000)));
  if (byBrowser >= MAX_MAILS_PER_BROWSER_PER_HOUR || byAddress >= MAX_MAILS_PER_ADDRESS_PER_HOUR || byNetwork >= MAX_MAILS_PER_IP_PER_HOUR) {
    throw new MailLimit();
  }
}

export async function recordMail(tx: AuthTx, emailNormalized: string, asker: Asker, now: Date): Promise<void> {
  await tx.signInMail.create({
    data: { emailNormalized, ip: asker.network, browserHash: asker.browserHash, knownDevice: asker.knownDevice, sentAt: now },
  });
}

/**
 * Why this browser may not use a code for the address now, or null: its own 10 failures an hour, or
 * the address's 10 from browsers that are not known devices (then codes are paused for those; links
 * are never counted or paused). Call inside the address lock.
 */
export async function codeRefusal(tx: AuthTx, emailNormalized: string, asker: Omit<Asker, 'network'>, now: Date): Promise<Error | null> {
  const occurredAt = { gt: new Date(now.getTime() - HOUR_MS) };
  const [byBrowser, byAddress] = await Promise.all([
    tx.signInFailure.count({ where: { emailNormalized, browserHash: asker.browserHash, occurredAt } }),
    asker.knownDevice ? 0 : tx.signInFailure.count({ where: { emailNormalized, knownDevice: false, occurredAt } }),
  ]);
  if (byBrowser >= MAX_FAILURES_PER_BROWSER_PER_HOUR) return new TooManyFailures();
  if (byAddress >= MAX_FAILURES_PER_ADDRESS_PER_HOUR) return new CodesPaused();
  return null;
}

export async function recordFailure(tx: AuthTx, emailNormalized: string, asker: Omit<Asker, 'network'>, now: Date): Promise<void> {
  await tx.signInFailure.create({
    data: { emailNormalized, browserHash: asker.browserHash, knownDevice: asker.knownDevice, occurredAt: now },
  });
}
