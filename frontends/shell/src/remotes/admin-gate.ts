// A citizen never downloads the admin area's code: for a session that is not an administrator's, the
// shell answers /admin* itself with spec 2.12's redirect to / and the destructive "Access Denied"
// toast (the admin area repeats the check, and the server refuses every admin call anyway). The
// session is settled before the applications are registered (bootstrap.ts), and signing in or out
// reloads the page, so reading it when the admin application is first needed is enough.
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { CURRENT_USER_QUERY_KEY, type CurrentUser, navigateTo, queryClient, toast } from '@civic/frontend-kit';
import type { LifeCycles } from 'single-spa';

export const isAdminSession = (): boolean => queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.isAdmin === true;

export const accessDeniedApplication: LifeCycles = {
  bootstrap: async () => undefined,
  mount: async () => {
    toast({ title: ADMIN_MESSAGES.accessDeniedTitle, description: ADMIN_MESSAGES.accessDenied, variant: 'destructive' });
    // After this routing pass: single-spa queues the new one.
    setTimeout(() => navigateTo('/'), 0);
  },
  unmount: async () => undefined,
};
