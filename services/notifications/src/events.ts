// The event the notifications service publishes (a switch turned off by a mail's unsubscribe link),
// written to the outbox in the transaction of the change and published right after its commit. What
// the service subscribes to and answers: handlers.ts.
import { notificationsEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const NOTIFICATIONS_SCHEMA = 'notifications';

const events = serviceEvents(NOTIFICATIONS_SCHEMA);
export const { publishingDb } = events;
export const emitSwitchUnsubscribed = events.emitter(notificationsEvents.SwitchUnsubscribed);
