// Clear Activity History (spec 2.11, 7.3): DELETE /api/activities/clear, then the counts of Data &
// Storage and every activity feed in the cache are read again.
import { apiRequest, isActivityQuery, queryClient, toast } from '@civic/frontend-kit';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_STATS_PATH, CLEAR_ACTIVITIES_PATH, CLEAR_ACTIVITY_TOASTS } from '../settings-page/settings-texts.ts';

export function useClearActivity() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', CLEAR_ACTIVITIES_PATH);
    },
    onSuccess: async () => {
      toast({ title: CLEAR_ACTIVITY_TOASTS.cleared, description: CLEAR_ACTIVITY_TOASTS.clearedDescription, variant: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: [ACCOUNT_STATS_PATH] }), queryClient.invalidateQueries({ predicate: isActivityQuery })]);
    },
    onError: () => {
      toast({ title: CLEAR_ACTIVITY_TOASTS.failedTitle, description: CLEAR_ACTIVITY_TOASTS.failedDescription, variant: 'destructive' });
    },
  });
}
