// The signed token of a mail's unsubscribe link: which switch of whose settings it turns off, the
// link's own id (each link works once: unsubscribe_uses) and when it was issued (it expires). `<kid>.<body>.<mac>` (the kit's key-ring
// marking; no kid for the default key), body = base64url JSON, mac = HMAC-SHA256 of the body under
// the NOTIFICATIONS_LINK_KEY key the kid names. Anything else, or a changed byte, is refused.
import { NOTIFICATION_SWITCHES, type TNotificationSwitch } from '@civic/contracts';
import { hmacSha256, type KeyRing, keyOfMarked, markWithKeyId, safeEqual } from '@civic/service-kit';
import { z } from 'zod';

export interface UnsubscribeLink {
  linkId: string;
  userId: string;
  switch: TNotificationSwitch;
  /** When the mail was composed; the link works for UNSUBSCRIBE_LINK_LIFETIME_MS after it. */
  issuedAt: Date;
}

/** How long a mail's unsubscribe link works (docs/notifications.md): a quarter, well past any mail's reading. */
export const UNSUBSCRIBE_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Tokens signed before links carried their issue time (no `i`) count as issued on the day expiry
 * landed, so every one of them stops working 90 days later, on 2027-02-26, like a link mailed that day.
 */
export const LEGACY_LINKS_ISSUED_AT = new Date('2026-11-28T00:00:00Z');

const ZLinkBody = z.strictObject({
  l: z.string().uuid(),
  u: z.string().uuid(),
  s: z.enum(NOTIFICATION_SWITCHES),
  /** Issue time, seconds since the epoch. */
  i: z.number().int().nonnegative().optional(),
});

/** The purpose is part of what is signed, so a MAC made for anything else never verifies here. */
const macOf = (secret: string, body: string) => hmacSha256(secret, `unsubscribe.${body}`);

export function signUnsubscribeLink(ring: KeyRing, link: UnsubscribeLink): string {
  const issued = Math.floor(link.issuedAt.getTime() / 1000);
  const body = Buffer.from(JSON.stringify({ l: link.linkId, u: link.userId, s: link.switch, i: issued })).toString('base64url');
  return markWithKeyId(ring.current, `${body}.${macOf(ring.current.secret, body)}`);
}

/** The link a token names, or undefined for a token this service did not sign (or a key since removed). */
export function verifyUnsubscribeLink(ring: KeyRing, token: string): UnsubscribeLink | undefined {
  const marked = keyOfMarked(ring, token, 1);
  if (!marked) return undefined;
  const [body, mac] = marked.value.split('.');
  if (!body || !mac || !safeEqual(mac, macOf(marked.key.secret, body))) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const link = ZLinkBody.safeParse(parsed);
  if (!link.success) return undefined;
  const issuedAt = link.data.i === undefined ? LEGACY_LINKS_ISSUED_AT : new Date(link.data.i * 1000);
  return { linkId: link.data.l, userId: link.data.u, switch: link.data.s, issuedAt };
}

/** Whether the link's lifetime is over at `now`. */
export const isUnsubscribeLinkExpired = (link: UnsubscribeLink, now: Date): boolean => now.getTime() - link.issuedAt.getTime() > UNSUBSCRIBE_LINK_LIFETIME_MS;
