// GET /api/platform-settings: the amounts citizens are shown, as every service applies them now (the
// kit's platform settings, the same values the ledger and priorities read).
import { CITIZEN_VISIBLE_SETTINGS, type TCitizenSettings } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { AdminContext } from '../context.ts';

export function citizenSettings(ctx: AdminContext): TCitizenSettings {
  return Object.fromEntries(CITIZEN_VISIBLE_SETTINGS.map((key) => [key, settingOf(ctx, key)])) as TCitizenSettings;
}
