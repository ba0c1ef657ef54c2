// Every admin page (spec 2.12): a skeleton while the session loads; a non-admin goes to / with the
// destructive "Access Denied" toast. Only then does the page itself mount and start its reads.
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { navigateTo, toast, useAuth } from '@civic/frontend-kit';
import { type ReactNode, useEffect } from 'react';
import { PageSkeleton } from '../layout/page-skeleton.tsx';
import { adminAccess } from './admin-access.ts';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const access = adminAccess(user, isLoading);
  useEffect(() => {
    if (access !== 'denied') return;
    toast({ title: ADMIN_MESSAGES.accessDeniedTitle, description: ADMIN_MESSAGES.accessDenied, variant: 'destructive' });
    navigateTo('/');
  }, [access]);
  return access === 'granted' ? children : <PageSkeleton />;
}
