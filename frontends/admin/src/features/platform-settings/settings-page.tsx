// Platform Settings (spec 2.12, 4, 5, 7.4, 8): four cards by category; edits held locally until Save
// Changes, which confirms the list of old → new values and sends one PUT per edited key.
import type { TPlatformSetting } from '@civic/contracts/admin/http';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  Button,
  Card,
  queryClient,
} from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Info, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { SETTINGS_PATH } from '../../api/admin-paths.ts';
import { adminListQuery } from '../../api/admin-query.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { changeList, type PendingChanges, saveConfirmationText, unsavedChangesText, withEdit } from './pending-changes.ts';
import { SettingRow } from './setting-row.tsx';
import { useSaveSettings } from './use-save-settings.ts';

const CATEGORIES: readonly { category: TPlatformSetting['category']; title: string; description: string }[] = [
  { category: 'registration', title: 'Registration', description: 'Who can join and what a new account starts with.' },
  { category: 'political_capital', title: 'Political Capital', description: 'What actions earn and cost.' },
  { category: 'voting', title: 'Voting', description: 'How votes count towards the ranking.' },
  { category: 'moderation', title: 'Moderation', description: 'Limits and checks on content.' },
];

const INFORMATION = [
  'Changes take effect immediately for all users.',
  'Some changes may require users to refresh their session.',
  'All changes are logged in the audit trail.',
  'Numeric values must be positive integers.',
];

export function SettingsPage() {
  const settings = useQuery(adminListQuery<TPlatformSetting[]>(SETTINGS_PATH));
  const [pending, setPending] = useState<PendingChanges>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSettings(() => setPending({}));
  const changes = changeList(settings.data ?? [], pending);

  const reset = () => {
    setPending({});
    void queryClient.invalidateQueries({ queryKey: [SETTINGS_PATH] });
  };
  const confirmSave = () => save.mutate(changes, { onSettled: () => setConfirming(false) });

  return (
    <AdminPage
      title="Platform Settings"
      description="Configure how the platform behaves for every citizen."
      actions={
        <>
          <Button variant="outline" onClick={reset} disabled={save.isPending}>
            <RotateCcw className="size-4" aria-hidden="true" /> Reset
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={changes.length === 0 || save.isPending}>
            <Save className="size-4" aria-hidden="true" /> Save Changes
            {changes.length > 0 && <span className="ml-1 rounded-full bg-white/20 px-2 py-0.5 text-xs">{unsavedChangesText(changes.length)}</span>}
          </Button>
        </>
      }
    >
      <LoadState isPending={settings.isPending} error={settings.error} what="settings" />
      {settings.data &&
        CATEGORIES.map(({ category, title, description }) => {
          const inCategory = settings.data.filter((setting) => setting.category === category);
          return (
            <Card key={category} role="region" aria-labelledby={`settings-${category}`} className="p-6">
              <h2 id={`settings-${category}`} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{description}</p>
              <div className="mt-4 grid gap-4">
                {inCategory.length === 0 && <p className="text-sm text-slate-500">No settings in this category.</p>}
                {inCategory.map((setting) => (
                  <SettingRow
                    key={setting.key}
                    setting={setting}
                    value={pending[setting.key] ?? setting.value}
                    onChange={(value) => setPending((current) => withEdit(current, setting, value))}
                  />
                ))}
              </div>
            </Card>
          );
        })}
      <Card role="region" aria-labelledby="settings-information" className="border-blue-200 bg-blue-50 p-6">
        <h2 id="settings-information" className="flex items-center gap-2 text-lg font-semibold text-blue-900">
          <Info className="size-5" aria-hidden="true" /> Information
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-blue-900">
          {INFORMATION.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>

      <AlertDialog open={confirming} onOpenChange={(open) => !save.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogTitle>Confirm Settings Changes</AlertDialogTitle>
          <AlertDialogDescription>{saveConfirmationText(changes.length)}</AlertDialogDescription>
          <ul className="grid gap-2 text-sm" aria-label="Changes">
            {changes.map((change) => (
              <li key={change.key} className="rounded-md bg-slate-50 p-2">
                <span className="font-mono font-medium text-slate-900">{change.key}</span>
                <span className="block text-slate-700">
                  <span className="line-through">{change.oldValue ?? 'unset'}</span> → <span className="font-semibold">{change.newValue}</span>
                </span>
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={save.isPending} />
            <Button onClick={confirmSave} disabled={save.isPending} aria-busy={save.isPending || undefined}>
              Save Changes
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </AdminPage>
  );
}
