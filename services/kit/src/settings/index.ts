// Platform settings: the read API every service uses and the two ways values travel.
export { createInProcessSettings, settingOf, type PlatformSettings, type PublishedSetting } from './platform-settings.ts';
export { createKvSettings, ensureSettingsBucket, settingsBucketFor, settingsStreamFor } from './kv-settings.ts';
