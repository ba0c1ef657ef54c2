// One mailbox, one account: accounts are keyed on a canonical form of the address,
// so "name+1@", "name+2@" and, on Gmail, "n.a.m.e@" are one account. The address is still mailed as
// the account holder typed it. The SQL function auth.canonical_email
// (prisma/functions/canonical_email.sql) is the same rule, for the backfill and a CHECK on auth.users; a
// test keeps the two in agreement.
import { normalizeEmail } from './sign-in-policy.ts';

/** Domains whose local part ignores dots (Google's rule), and the one they all deliver to. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const GMAIL = 'gmail.com';

/**
 * The canonical form of an already normalised (trimmed, lower-cased) address: a `+tag` removed from
 * the local part on every domain (a local part that starts with "+" is kept whole), and for
 * gmail.com and googlemail.com the dots removed (unless nothing would be left) and the domain
 * gmail.com.
 */
export function canonicalOfNormalized(normalized: string): string {
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  let local = normalized.slice(0, at);
  let domain = normalized.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    const undotted = local.replaceAll('.', '');
    if (undotted !== '') local = undotted;
    domain = GMAIL;
  }
  return `${local}@${domain}`;
}

/** The key an account is found by, from the address as typed. */
export function canonicalEmail(typed: string): string {
  return canonicalOfNormalized(normalizeEmail(typed));
}
