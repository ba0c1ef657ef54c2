// The sign-in throttles (SECURITY 1 and 9), counted in the database
// under transaction-long advisory locks, so a burst of concurrent requests cannot slip past one.
// Budgets are per address and asking browser; the address-wide bounds leave out the account's known
// devices (known-device.ts), so a third party spending them cannot lock the owner out; the per-IP
// bound counts the asker's network, never the owner's.
import type { KeyRing } from '@civic/service-kit';
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
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/** Taken first by every send, resend and code check of the address (its canonical form: one mailbox, one lock). */
export async function lockAddress(tx: AuthTx, emailCanonical: string): Promise<void> {
  await lockSignInKey(tx, `sign-in:${emailCanonical}`);
}

/** Whether the browser's known-device cookie names `account`, the account the address belongs to. */
export function isKnownDevice(deviceKey: KeyRing, cookie: string | undefined, account: { id: string } | null, now: Date): boolean {
  return account !== null && knownDeviceUserId(deviceKey, cookie, now) === account.id;
}

/**
 * Throws unless another sign-in mail may go to the address `emailCanonical` keys for this asker now; call inside the
 * address lock. It takes the network's lock too (always after an address's, so no two requests wait
 * for each other in a circle): sends to many addresses at once from one network are counted one by
 * one against its 20 an hour.
 */
export async function assertMailAllowed(tx: AuthTx, emailCanonical: string, asker: Asker, now: Date): Promise<void> {
  await lockSignInKey(tx, `sign-in-network:${asker.network}`);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  // One round trip for the address's counts (the lock is held meanwhile), one for the network's.
  const [[address], [network]] = await Promise.all([
    tx.query<{ last_from_browser: Date | null; by_browser: number; by_address: number }>(
      `SELECT max(sent_at) FILTER (WHERE browser_hash = $1) AS last_from_browser,
              count(*) FILTER (WHERE browser_hash = $1)::int AS by_browser,
              count(*) FILTER (WHERE NOT known_device)::int AS by_address
       FROM auth.sign_in_mails WHERE email_canonical = $2 AND sent_at > $3`,
      [asker.browserHash, emailCanonical, hourAgo],
    ),
    tx.query<{ by_network: number }>('SELECT count(*)::int AS by_network FROM auth.sign_in_mails WHERE ip = $1 AND sent_at > $2', [asker.network, hourAgo]),
  ]);
  const wait = resendWaitMs(address?.last_from_browser ? new Date(address.last_from_browser) : null, now);
  if (wait > 0) throw new ResendCooldown(String(Math.ceil(wait / 1000)));
  const byAddress = asker.knownDevice ? 0 : (address?.by_address ?? 0);
  if (
    (address?.by_browser ?? 0) >= MAX_MAILS_PER_BROWSER_PER_HOUR ||
    byAddress >= MAX_MAILS_PER_ADDRESS_PER_HOUR ||
    (network?.by_network ?? 0) >= MAX_MAILS_PER_IP_PER_HOUR
  ) {
    throw new MailLimit();
  }
}

export async function recordMail(tx: AuthTx, emailCanonical: string, asker: Asker, now: Date): Promise<void> {
  await tx.execute('INSERT INTO auth.sign_in_mails (email_canonical, ip, browser_hash, known_device, sent_at) VALUES ($1, $2, $3, $4, $5)', [
    emailCanonical,
    asker.network,
    asker.browserHash,
    asker.knownDevice,
    now,
  ]);
}

/**
 * Why this browser may not use a code for the address now, or null: its own 10 failures an hour, or
 * the address's 10 from browsers that are not known devices (then codes are paused for those; links
 * are never counted or paused). Call inside the address lock.
 */
export async function codeRefusal(tx: AuthTx, emailCanonical: string, asker: Omit<Asker, 'network'>, now: Date): Promise<Error | null> {
  const [counts] = await tx.query<{ by_browser: number; by_address: number }>(
    `SELECT count(*) FILTER (WHERE browser_hash = $1)::int AS by_browser,
            count(*) FILTER (WHERE NOT known_device)::int AS by_address
     FROM auth.sign_in_failures WHERE email_canonical = $2 AND occurred_at > $3`,
    [asker.browserHash, emailCanonical, new Date(now.getTime() - HOUR_MS)],
  );
  if ((counts?.by_browser ?? 0) >= MAX_FAILURES_PER_BROWSER_PER_HOUR) return new TooManyFailures();
  if (!asker.knownDevice && (counts?.by_address ?? 0) >= MAX_FAILURES_PER_ADDRESS_PER_HOUR) return new CodesPaused();
  return null;
}

export async function recordFailure(tx: AuthTx, emailCanonical: string, asker: Omit<Asker, 'network'>, now: Date): Promise<void> {
  await tx.execute('INSERT INTO auth.sign_in_failures (email_canonical, browser_hash, known_device, occurred_at) VALUES ($1, $2, $3, $4)', [
    emailCanonical,
    asker.browserHash,
    asker.knownDevice,
    now,
  ]);
}
