// Platform settings as every process reads them: the admin service owns and publishes them, and each
// process holds every key's current value (a NATS KV watch distributed, one shared copy embedded), so
// a read is a map lookup. A value's revision keeps an older write from replacing a newer one.
import { PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from '@civic/contracts';

export interface PublishedSetting {
  value: string;
  /** The admin database's revision of the key (0: the spec default, never published). */
  revision: number;
}

export interface PlatformSettings {
  get(key: PlatformSettingKey): string;
  getBoolean(key: PlatformSettingKey): boolean;
  getInteger(key: PlatformSettingKey): number;
  /** Tests only: this process's value of `key` until the next published change of it. */
  set(key: PlatformSettingKey, value: string): void;
  /** The admin service's write, after its commit; resolves once the bucket holds it or a newer revision. */
  publish(key: PlatformSettingKey, setting: PublishedSetting): Promise<void>;
  /** The value and revision this process holds for `key` (revision 0: the spec default). */
  held(key: PlatformSettingKey): PublishedSetting;
  /** Stops watching (distributed). */
  close(): Promise<void>;
}

/** Where published values go and come from; the in-process one is the map itself. */
export interface SettingsChannel {
  publish(key: PlatformSettingKey, setting: PublishedSetting): Promise<void>;
  close(): Promise<void>;
}

/** The value map every implementation shares: defaults first, then the newest revision seen of each key. */
export class SettingValues {
  private readonly values = new Map<string, PublishedSetting>(PLATFORM_SETTING_DEFAULTS.map((s) => [s.key, { value: s.value, revision: 0 }]));

  get(key: PlatformSettingKey): string {
    return this.values.get(key)!.value;
  }

  held(key: PlatformSettingKey): PublishedSetting {
    return { ...this.values.get(key)! };
  }

  /**
   * Applies a published value when it is newer than what this process holds (the same revision read
   * again, by the periodic resync, changes nothing: not even a test's local override).
   */
  apply(key: string, setting: PublishedSetting): void {
    const current = this.values.get(key);
    if (!current) return; // a key this version of the code does not know (a newer admin service)
    if (setting.revision > current.revision) this.values.set(key, setting);
  }

  override(key: PlatformSettingKey, value: string): void {
    const current = this.values.get(key)!;
    this.values.set(key, { value, revision: current.revision });
  }
}

export function platformSettingsOver(values: SettingValues, channel: SettingsChannel): PlatformSettings {
  const get = (key: PlatformSettingKey) => values.get(key);
  return {
    get,
    getBoolean: (key) => get(key) === 'true',
    getInteger: (key) => Number.parseInt(get(key), 10),
    set: (key, value) => values.override(key, value),
    held: (key) => values.held(key),
    async publish(key, setting) {
      await channel.publish(key, setting);
      // The publishing process reads its own write at once, without waiting for its watch.
      values.apply(key, setting);
    },
    close: () => channel.close(),
  };
}

/** Embedded: the process's one copy; publishing is applying. */
export function createInProcessSettings(): PlatformSettings {
  const values = new SettingValues();
  return platformSettingsOver(values, { publish: async () => {}, close: async () => {} });
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
