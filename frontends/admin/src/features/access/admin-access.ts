// Spec 2.12 / 6: who may see an admin page, decided on the client (the server refuses anyway).
import type { CurrentUser } from '@civic/frontend-kit';

export type AdminAccess = 'loading' | 'granted' | 'denied';

export function adminAccess(user: CurrentUser | null, isLoading: boolean): AdminAccess {
  if (isLoading) return 'loading';
  return user?.isAdmin === true ? 'granted' : 'denied';
}
