// Platform Settings' local edits (spec 2.12, 4): held as pending changes until saved; Reset clears them.
import type { TPlatformSetting } from '@civic/contracts/admin/http';

/** key → the edited value; a key edited back to its stored value is no change. */
export type PendingChanges = Readonly<Record<string, string>>;

export function withEdit(pending: PendingChanges, setting: Pick<TPlatformSetting, 'key' | 'value'>, value: string): PendingChanges {
  const { [setting.key]: _dropped, ...rest } = pending;
  return value === setting.value ? rest : { ...rest, [setting.key]: value };
}

export interface SettingChange {
  key: string;
  description: string;
  /** null: the key had no stored value (shown as "unset"). */
  oldValue: string | null;
  newValue: string;
}

/** The edits in the settings' own order, with what each replaces (the save confirmation lists them). */
export function changeList(settings: readonly TPlatformSetting[], pending: PendingChanges): SettingChange[] {
  const byKey = new Map(settings.map((setting) => [setting.key, setting]));
  return Object.entries(pending)
    .map(([key, newValue]) => {
      const stored = byKey.get(key);
      return { key, description: stored?.description ?? '', oldValue: stored?.value ?? null, newValue };
    })
    .sort((a, b) => settings.findIndex((s) => s.key === a.key) - settings.findIndex((s) => s.key === b.key));
}

/** spec 2.12: boolean-valued settings show Enabled and Disabled toggle buttons. */
export const isBooleanValue = (value: string) => value === 'true' || value === 'false';

/** spec 5: the input is numeric when the value is all digits. */
export const isNumericValue = (value: string) => /^[0-9]+$/.test(value);

/** spec 2.12: the key as a title-cased label (max_priorities_per_user_per_day → Max Priorities Per User Per Day). */
export const settingLabel = (key: string) =>
  key
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

export const unsavedChangesText = (count: number) => `${count} unsaved change(s)`;

export const saveConfirmationText = (count: number) => `You are about to save ${count} setting change(s). This will take effect immediately for all users.`;
