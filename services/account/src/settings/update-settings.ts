// Changes the one setting a PATCH carries (the contract refuses more or fewer than one key).
import type { TSettings, TUpdateSettingsRequest } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { toSettingsView } from './settings-view.ts';

export async function updateSettings(ctx: AccountContext, userId: string, change: TUpdateSettingsRequest): Promise<TSettings> {
  // Upsert: the change may arrive before the user.registered event has created the row.
  const row = await ctx.db.settings.upsert({ where: { userId }, create: { userId, ...change }, update: change });
  return toSettingsView(row);
}
