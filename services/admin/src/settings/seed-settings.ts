// The spec 9 defaults, inserted at start for every key contracts name that the table lacks (a new
// key in a later release joins the same way); an existing row keeps its value.
import { PLATFORM_SETTING_DEFAULTS } from '@civic/contracts';
import type { AdminContext } from '../context.ts';

export async function seedDefaultSettings(ctx: AdminContext): Promise<void> {
  for (const setting of PLATFORM_SETTING_DEFAULTS) {
    await ctx.db.execute(`INSERT INTO admin.platform_settings (key, value, description, category) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING`, [
      setting.key,
      setting.value,
      setting.description,
      setting.category,
    ]);
  }
}
