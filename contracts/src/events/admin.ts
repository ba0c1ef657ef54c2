// Events the admin service publishes (a later live banner watches announcement changes).
import { z } from 'zod';
import { defineEvent } from './define-event.ts';

/** An administrator created, edited or deleted an announcement (spec 2.12); the banner refreshes on it. */
export const AnnouncementChanged = defineEvent(
  'civic.admin.announcement.changed',
  1,
  z.object({
    announcementId: z.string().uuid(),
    change: z.enum(['created', 'updated', 'deleted']),
    /** Whether citizens see it now (false once deleted, deactivated or expired). */
    visible: z.boolean(),
    adminId: z.string().uuid(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

export const ADMIN_EVENTS = [AnnouncementChanged] as const;
