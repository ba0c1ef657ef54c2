// Events the notifications service publishes.
import { z } from 'zod';
import { NOTIFICATION_SWITCHES } from './messages.ts';
import { defineEvent } from '../shared/define-event.ts';

/**
 * A citizen used a mail's one-click unsubscribe link (RFC 8058) to turn a switch off without signing
 * in. The account service owns the settings: it turns the switch off and publishes
 * civic.account.settings.changed, so /settings shows it off too.
 */
export const SwitchUnsubscribed = defineEvent(
  'civic.notifications.switch.unsubscribed',
  1,
  z.object({
    userId: z.string().uuid(),
    switch: z.enum(NOTIFICATION_SWITCHES),
    unsubscribedAt: z.iso.datetime({ offset: true }),
  }),
);

export const NOTIFICATIONS_EVENTS = [SwitchUnsubscribed] as const;
