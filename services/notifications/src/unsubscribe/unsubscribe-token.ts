// The signed token of a mail's unsubscribe link: which switch of whose settings it turns off, and the
// link's own id (each link works once: unsubscribe_uses). `<kid>.<body>.<mac>` (the kit's key-ring
// marking; no kid for the default key), body = base64url JSON, mac = HMAC-SHA256 of the body under
// the NOTIFICATIONS_LINK_KEY key the kid names. Anything else, or a changed byte, is refused.
import { NOTIFICATION_SWITCHES, type TNotificationSwitch } from '@civic/contracts';
import { hmacSha256, type KeyRing, keyOfMarked, markWithKeyId, safeEqual } from '@civic/service-kit';
import { z } from 'zod';

export interface UnsubscribeLink {
  linkId: string;
  userId: string;
  switch: TNotificationSwitch;
}

const ZLinkBody = z.strictObject({ l: z.string().uuid(), u: z.string().uuid(), s: z.enum(NOTIFICATION_SWITCHES) });

/** The purpose is part of what is signed, so a MAC made for anything else never verifies here. */
const macOf = (secret: string, body: string) => hmacSha256(secret, `unsubscribe.${body}`);

export function signUnsubscribeLink(ring: KeyRing, link: UnsubscribeLink): string {
  const body = Buffer.from(JSON.stringify({ l: link.linkId, u: link.userId, s: link.switch })).toString('base64url');
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
  return link.success ? { linkId: link.data.l, userId: link.data.u, switch: link.data.s } : undefined;
}
