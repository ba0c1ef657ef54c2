// A user's privacy and notification settings (spec 3 "Settings (per user)"): public and on by default.
import { z } from 'zod';

export const VISIBILITIES = ['public', 'private'] as const;

export const ZSettings = z.object({
  profileVisibility: z.enum(VISIBILITIES),
  activityVisibility: z.enum(VISIBILITIES),
  emailNotifications: z.boolean(),
  activityNotifications: z.boolean(),
  priorityNotifications: z.boolean(),
});
export type TSettings = z.infer<typeof ZSettings>;
