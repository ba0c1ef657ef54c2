// GET /api/platform-settings: the amounts citizens are shown and the switches that show or hide an
// action (content_moderation_enabled: the Report action), as every service applies them now (the kit's
// platform settings, the same values the ledger, priorities and the reports read).
import { CITIZEN_VISIBLE_FLAGS, CITIZEN_VISIBLE_SETTINGS, type TCitizenSettings, type TRegistrationStatus } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';

export function citizenSettings(ctx: AdminContext): TCitizenSettings {
  return {
    ...Object.fromEntries(CITIZEN_VISIBLE_SETTINGS.map((key) => [key, settingOf(ctx, key)])),
    ...Object.fromEntries(CITIZEN_VISIBLE_FLAGS.map((key) => [key, ctx.platform.settings.getBoolean(key)])),
  } as TCitizenSettings;
}

/** GET /api/registration: the two registration switches, for anyone (a platform fact, nothing about an address). */
export function registrationStatus(ctx: AdminContext): TRegistrationStatus {
  return {
    open: ctx.platform.settings.getBoolean('registration_enabled'),
    approvalRequired: ctx.platform.settings.getBoolean('registration_approval_required'),
  };
}
