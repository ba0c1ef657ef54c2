// Events the admin service publishes (a later live banner watches announcement changes).
import { z } from 'zod';
import { defineEvent } from '../shared/define-event.ts';

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

/**
 * The distinct citizens reporting one user's content reached auto_ban_threshold. Auth (the
 * one writer of the ban flag) bans the user unless they are an admin or banned already, and says so in
 * civic.auth.user.standing_changed with automatic: true, which becomes the ban_user audit entry.
 */
export const AutoBanRequested = defineEvent(
  'civic.admin.user.auto_ban_requested',
  1,
  z.object({
    userId: z.string().uuid(),
    /** Distinct eligible reporters of the user's content when the threshold was reached. */
    reportCount: z.number().int().positive(),
    threshold: z.number().int().positive(),
    requestedAt: z.iso.datetime({ offset: true }),
  }),
);

export const ADMIN_EVENTS = [AnnouncementChanged, AutoBanRequested] as const;
