// One switch = one key (spec 4): the change shows at once, PATCHes only that key, and goes
// back with the "Update Failed" toast when the server refuses.
import type { TSettings, TUpdateSettingsRequest } from '@civic/contracts';
import { apiRequestJson, queryClient, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { SETTINGS_PATH, SETTINGS_TOASTS } from './settings-texts.ts';

const SETTINGS_KEY = [SETTINGS_PATH] as const;

export function useUpdateSetting() {
  return useMutation({
    mutationFn: (change: TUpdateSettingsRequest) => apiRequestJson<TSettings>('PATCH', SETTINGS_PATH, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      const previous = queryClient.getQueryData<TSettings>(SETTINGS_KEY);
      if (previous) queryClient.setQueryData<TSettings>(SETTINGS_KEY, { ...previous, ...change } as TSettings);
      return { previous };
    },
    onSuccess: (settings) => {
      queryClient.setQueryData<TSettings>(SETTINGS_KEY, settings);
      toast({ title: SETTINGS_TOASTS.updated, description: 'Your settings have been saved.', variant: 'success' });
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData<TSettings>(SETTINGS_KEY, context.previous);
      toast({ title: SETTINGS_TOASTS.failedTitle, description: SETTINGS_TOASTS.failedDescription, variant: 'destructive' });
    },
  });
}

export { SETTINGS_KEY };
