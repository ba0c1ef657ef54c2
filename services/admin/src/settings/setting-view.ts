// A platform_settings row as the API answers it (spec 3 "Platform setting").
import type { TPlatformSetting } from '@civic/contracts';

export interface SettingRow {
  key: string;
  value: string;
  description: string;
  category: TPlatformSetting['category'];
  revision: bigint | string | number;
  updated_at: Date | null;
  updated_by: string | null;
}

export const SETTING_COLUMNS = 'key, value, description, category, revision, updated_at, updated_by::text AS updated_by';

export function settingView(row: SettingRow): TPlatformSetting {
  return {
    key: row.key,
    value: row.value,
    description: row.description,
    category: row.category,
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row.updated_by,
  };
}
