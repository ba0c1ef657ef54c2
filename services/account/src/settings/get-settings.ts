// The signed-in user's settings. Until the user.registered event has created the row, the user has
// the defaults, which is what the row will hold.
import type { TSettings } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { DEFAULT_SETTINGS } from './default-settings.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from './settings-row.ts';
import { toSettingsView } from './settings-view.ts';

export async function getSettings(ctx: AccountContext, userId: string): Promise<TSettings> {
  const [row] = await ctx.db.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM account.settings WHERE user_id = $1::uuid`, [userId]);
  return row ? toSettingsView(row) : DEFAULT_SETTINGS;
}
