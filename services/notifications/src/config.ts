// The notifications service's own settings on top of the platform's, parsed once at start.
import { zKeyRing } from '@civic/service-kit';
import { z } from 'zod';

export const ZNotificationsConfig = z.object({
  /**
   * Key ring of the HMAC that signs the mails' unsubscribe links (docs/key-rotation.md): a link made
   * under a key still in the ring keeps working. Required when distributed; embedded, one key is
   * generated under DATA_DIR.
   */
  NOTIFICATIONS_LINK_KEY: zKeyRing,
  /**
   * How long a citizen's first notification waits for others to join it (so 50 endorsements in a
   * minute are one mail). With the dispatcher's period it keeps the first mail within a minute.
   */
  NOTIFICATIONS_GATHER_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** The least time between two notification mails to one citizen (one an hour). */
  NOTIFICATIONS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** How often the dispatcher composes the batches that are due and sends the queued mails. */
  NOTIFICATIONS_DISPATCH_MS: z.coerce.number().int().min(20).max(60_000).default(5000),
});
export type NotificationsConfig = z.infer<typeof ZNotificationsConfig>;
