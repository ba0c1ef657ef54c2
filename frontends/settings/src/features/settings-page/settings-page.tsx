import type { TAccountStats, TSettings, TUpdateSettingsRequest } from '@civic/contracts';
import type { TNetworkStanding } from '@civic/contracts/social/network';
import { AppLink, Label, Switch, useAuth } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Bell, Database, Shield, User } from 'lucide-react';
import { ClearActivityRow } from '../clear-activity/clear-activity-dialog.tsx';
import { DangerZoneCard } from '../delete-account/danger-zone-card.tsx';
import { ExportDataRow } from '../export-data/export-data-row.tsx';
import { SettingsCard } from './settings-card.tsx';
import { ACCOUNT_STATS_PATH, BLOCKED_USERS_HREF, standingPath } from './settings-texts.ts';
import { SETTINGS_KEY, useUpdateSetting } from './use-setting-switch.ts';

type Visibility = TSettings['profileVisibility'];
type VisibilityKey = 'profileVisibility' | 'activityVisibility';
type FlagKey = 'emailNotifications' | 'activityNotifications' | 'priorityNotifications';

const NOTIFICATION_SWITCHES: readonly { key: FlagKey; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Receive e-mail updates about your account.' },
  { key: 'activityNotifications', label: 'Activity Notifications', description: 'Hear about activity from people you follow.' },
  { key: 'priorityNotifications', label: 'Priority Notifications', description: 'Hear about priorities you endorsed or created.' },
];

const STATS: readonly { key: keyof TAccountStats; label: string }[] = [
  { key: 'prioritiesCount', label: 'Priorities' },
  { key: 'briefingDocsCount', label: 'Briefing Documents' },
  { key: 'activitiesCount', label: 'Activities' },
  { key: 'votesCount', label: 'Votes' },
  { key: 'followersCount', label: 'Followers' },
  { key: 'followingCount', label: 'Following' },
];

export function SettingsPage() {
  const settings = useQuery<TSettings>({ queryKey: SETTINGS_KEY });
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <AccountCard />
      {settings.isPending && (
        <p role="status" className="text-slate-600">
          Loading settings...
        </p>
      )}
      {settings.isError && (
        <p role="alert" className="text-red-700">
          Your settings could not be loaded.
        </p>
      )}
      {settings.data && (
        <>
          <PrivacyCard settings={settings.data} />
          <NotificationsCard settings={settings.data} />
        </>
      )}
      <DataCard />
      <DangerZoneCard />
    </div>
  );
}

function AccountCard() {
  const { user } = useAuth();
  return (
    <SettingsCard id="settings-account" title="Account" icon={<User className="size-5" aria-hidden="true" />} description="Your account information.">
      <div className="grid gap-1.5">
        <Label htmlFor="settings-email">Email</Label>
        <input
          id="settings-email"
          type="email"
          readOnly
          value={user?.email ?? ''}
          className="h-10 w-full rounded-md border border-slate-300 bg-slate-100 px-3 text-sm text-slate-700"
        />
        <p className="text-xs text-slate-500">Your e-mail address is managed by passwordless sign-in and cannot be changed here.</p>
      </div>
      <ExportDataRow />
    </SettingsCard>
  );
}

function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor={id} id={`${id}-label`}>
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch id={id} aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function PrivacyCard({ settings }: { settings: TSettings }) {
  const update = useUpdateSetting();
  const setVisibility = (key: VisibilityKey, isPublic: boolean) => {
    const value: Visibility = isPublic ? 'public' : 'private';
    update.mutate({ [key]: value } as TUpdateSettingsRequest);
  };
  return (
    <SettingsCard
      id="settings-privacy"
      title="Privacy"
      icon={<Shield className="size-5" aria-hidden="true" />}
      description="Control who can see your profile and activity."
    >
      <SwitchRow
        id="setting-profile-visibility"
        label="Public Profile"
        description="When off, others see only your name and avatar."
        checked={settings.profileVisibility === 'public'}
        onChange={(on) => setVisibility('profileVisibility', on)}
      />
      <SwitchRow
        id="setting-activity-visibility"
        label="Public Activity"
        description="When off, your activity is hidden from others."
        checked={settings.activityVisibility === 'public'}
        onChange={(on) => setVisibility('activityVisibility', on)}
      />
      <p className="text-sm">
        <AppLink href={BLOCKED_USERS_HREF} className="text-primary hover:underline">
          Manage blocked users
        </AppLink>
      </p>
    </SettingsCard>
  );
}

function NotificationsCard({ settings }: { settings: TSettings }) {
  const update = useUpdateSetting();
  return (
    <SettingsCard
      id="settings-notifications"
      title="Email Notifications"
      icon={<Bell className="size-5" aria-hidden="true" />}
      description="Choose which e-mails you receive."
    >
      {NOTIFICATION_SWITCHES.map(({ key, label, description }) => (
        <SwitchRow
          key={key}
          id={`setting-${key}`}
          label={label}
          description={description}
          checked={settings[key]}
          onChange={(on) => update.mutate({ [key]: on } as TUpdateSettingsRequest)}
        />
      ))}
    </SettingsCard>
  );
}

/** Followers and following as social (their owner) answers them, once it has; the stats' otherwise. */
function useStatValue(stats: TAccountStats | undefined) {
  const { user } = useAuth();
  const standing = useQuery<TNetworkStanding>({ queryKey: [standingPath(user?.id ?? '')], enabled: user !== null }).data;
  const fromSocial: Partial<Record<keyof TAccountStats, number | null>> = { followersCount: standing?.followers, followingCount: standing?.following };
  return (key: keyof TAccountStats) => fromSocial[key] ?? stats?.[key] ?? 0;
}

function DataCard() {
  const stats = useQuery<TAccountStats>({ queryKey: [ACCOUNT_STATS_PATH] });
  const countOf = useStatValue(stats.data);
  return (
    <SettingsCard id="settings-data" title="Data & Storage" icon={<Database className="size-5" aria-hidden="true" />} description="What your account holds.">
      {stats.isPending && (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      )}
      {stats.isError && (
        <p role="alert" className="text-red-700">
          The counts could not be loaded.
        </p>
      )}
      {stats.data && (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {STATS.map(({ key, label }) => (
            <div key={key} className="flex flex-col-reverse rounded-md bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{countOf(key).toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      )}
      <ClearActivityRow />
    </SettingsCard>
  );
}
