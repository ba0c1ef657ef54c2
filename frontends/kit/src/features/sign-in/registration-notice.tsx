// Whether a new citizen can join now (issue 38): shown on the landing page and in the sign-in dialog
// before a code is sent, from GET /api/registration (a platform fact, nothing about any address).
// Nothing shows while it loads, if it fails, or when anyone can join at once.
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { registrationNotice } from '@civic/contracts/admin/registration';
import { useQuery } from '@tanstack/react-query';
import { cn } from '../../lib/cn.ts';

const REGISTRATION_QUERY_KEY = [ADMIN_ROUTES.registrationStatus.path] as const;
/** An administrator's change shows on the next read after a minute (or a reload). */
const STALE_MS = 60_000;

export function useRegistrationNotice(): string | null {
  const { data } = useQuery<{ open: boolean; approvalRequired: boolean }>({ queryKey: REGISTRATION_QUERY_KEY, staleTime: STALE_MS });
  return data ? registrationNotice(data) : null;
}

export function RegistrationNotice({ className }: { className?: string }) {
  const notice = useRegistrationNotice();
  if (!notice) return null;
  return (
    <p role="status" data-registration-notice className={cn('rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900', className)}>
      {notice}
    </p>
  );
}
