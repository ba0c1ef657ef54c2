// GET /api/admin/settings: every setting, grouped by category in the spec's order, then by key.
import type { TPlatformSetting } from '@civic/contracts';
import type { AdminContext } from '../context.ts';
import { SETTING_COLUMNS, type SettingRow, settingView } from './setting-view.ts';

export async function listSettings(ctx: AdminContext): Promise<TPlatformSetting[]> {
  const rows = await ctx.db.query<SettingRow>(`SELECT ${SETTING_COLUMNS} FROM admin.platform_settings
      ORDER BY array_position(ARRAY['registration', 'political_capital', 'voting', 'moderation'], category), key`);
  return rows.map(settingView);
}
