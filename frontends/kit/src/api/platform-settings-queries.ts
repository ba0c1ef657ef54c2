// The amounts citizens are shown (GET /api/platform-settings, issue 19): the daily and recruit
// rewards and the promotion and creation costs follow what an administrator set, not fixed numbers;
// and the switches that show an action (content_moderation_enabled: the Report action, issue 20).
// One query for every area (the kit's QueryClient is shared); spec 9's defaults stand in while it
// loads and if it fails, so a text never waits on it or goes blank.
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import {
  CITIZEN_VISIBLE_FLAGS,
  CITIZEN_VISIBLE_SETTINGS,
  type CitizenVisibleFlag,
  type CitizenVisibleSetting,
  PLATFORM_SETTING_DEFAULTS,
} from '@civic/contracts/admin/settings';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth.ts';

export type CitizenSettings = Record<CitizenVisibleSetting, number> & Record<CitizenVisibleFlag, boolean>;

export const PLATFORM_SETTINGS_QUERY_KEY = [ADMIN_ROUTES.citizenSettings.path] as const;

const defaultOf = (key: string) => PLATFORM_SETTING_DEFAULTS.find((s) => s.key === key)!.value;

/** Spec 9's values of the citizen-visible keys. */
export const DEFAULT_CITIZEN_SETTINGS: CitizenSettings = {
  ...Object.fromEntries(CITIZEN_VISIBLE_SETTINGS.map((key) => [key, Number(defaultOf(key))])),
  ...Object.fromEntries(CITIZEN_VISIBLE_FLAGS.map((key) => [key, defaultOf(key) === 'true'])),
} as CitizenSettings;

/** A minute: an administrator's change reaches an open page on its next read after that (or a reload). */
const SETTINGS_STALE_MS = 60_000;

/** Each key the answer gives as a whole number (a switch: as a boolean), the default for any it lacks (an older server). */
export function citizenSettingsOf(answer: Partial<Record<string, unknown>> | null | undefined): CitizenSettings {
  const settings = { ...DEFAULT_CITIZEN_SETTINGS };
  for (const key of CITIZEN_VISIBLE_SETTINGS) {
    const value = answer?.[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) settings[key] = value;
  }
  for (const key of CITIZEN_VISIBLE_FLAGS) {
    const value = answer?.[key];
    if (typeof value === 'boolean') settings[key] = value;
  }
  return settings;
}

/** The current amounts; spec 9's defaults until the read answers, and if it fails or the user is signed out. */
export function usePlatformSettings(): CitizenSettings {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery<Partial<Record<string, unknown>>>({
    queryKey: PLATFORM_SETTINGS_QUERY_KEY,
    enabled: isAuthenticated,
    staleTime: SETTINGS_STALE_MS,
    refetchOnWindowFocus: true,
  });
  return citizenSettingsOf(data);
}
