// Reads platform settings. Until the admin service owns them (and broadcasts them through the NATS KV
// bucket `platform-settings`), every key answers its spec default; overrides can be set in-process.
import { PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from '@civic/contracts';

export interface PlatformSettings {
  get(key: PlatformSettingKey): string;
  getBoolean(key: PlatformSettingKey): boolean;
  getInteger(key: PlatformSettingKey): number;
  set(key: PlatformSettingKey, value: string): void;
}

export function createPlatformSettings(): PlatformSettings {
  const values = new Map<string, string>(PLATFORM_SETTING_DEFAULTS.map((s) => [s.key, s.value]));
  const get = (key: PlatformSettingKey) => values.get(key)!;
  return {
    get,
    getBoolean: (key) => get(key) === 'true',
    getInteger: (key) => Number.parseInt(get(key), 10),
    set: (key, value) => void values.set(key, value),
  };
}

/**
 * A whole-number setting as it stands now: read at the moment it applies, so an admin's change takes
 * effect at once. A value that is not a whole number from 0 to `max` falls back to its spec default.
 */
export function settingOf(ctx: { platform: { settings: PlatformSettings } }, key: PlatformSettingKey, { max = Number.MAX_SAFE_INTEGER } = {}): number {
  const value = ctx.platform.settings.getInteger(key);
  if (Number.isSafeInteger(value) && value >= 0 && value <= max) return value;
  return Number(PLATFORM_SETTING_DEFAULTS.find((s) => s.key === key)!.value);
}
