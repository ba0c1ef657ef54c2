// Save Changes (spec 7.4, 8): one PUT {key, value, description (the existing one)} per edited key, in
// order; the first refusal stops the rest and its message (a 400 names the rule) is the toast's text.
import type { TPlatformSetting } from '@civic/contracts/admin/http';
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { apiRequestJson, queryClient, serverMessageOf, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { AUDIT_LOGS_PATH, SETTINGS_PATH } from '../../api/admin-paths.ts';
import { startsWithPath } from '../../api/admin-query.ts';
import type { SettingChange } from './pending-changes.ts';

export function useSaveSettings(onSaved: () => void) {
  return useMutation({
    mutationFn: async (changes: readonly SettingChange[]) => {
      for (const change of changes) {
        await apiRequestJson<TPlatformSetting>(ADMIN_ROUTES.updateSetting.method, ADMIN_ROUTES.updateSetting.path, {
          key: change.key,
          value: change.newValue,
          description: change.description,
        });
      }
    },
    onSuccess: () => {
      onSaved();
      toast({ title: 'Success', description: ADMIN_MESSAGES.settingsSaved, variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessageOf(error) ?? ADMIN_MESSAGES.settingsFailed, variant: 'destructive' });
    },
    // Whatever was saved before a refusal is stored: show it, and its audit entries.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [SETTINGS_PATH] });
      void queryClient.invalidateQueries({ predicate: startsWithPath(AUDIT_LOGS_PATH) });
    },
  });
}
