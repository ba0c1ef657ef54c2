// Every event the admin service publishes: civic.admin.announcement.changed and
// civic.admin.user.auto_ban_requested, written to the outbox in the transaction of the change and
// published right after its commit. What the service subscribes to and answers: handlers.ts.
import { adminEvents } from '@civic/contracts';
import { serviceEvents } from '@civic/service-kit/events';

export const ADMIN_SCHEMA = 'admin';

const events = serviceEvents(ADMIN_SCHEMA);
export const { publishingDb } = events;
const emit = events.emitter;

export const emitAnnouncementChanged = emit(adminEvents.AnnouncementChanged);
export const emitAutoBanRequested = emit(adminEvents.AutoBanRequested);
