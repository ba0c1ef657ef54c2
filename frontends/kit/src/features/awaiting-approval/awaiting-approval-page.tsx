// What every signed-in page shows an account awaiting an administrator's approval (issue 20,
// registration_approval_required): the notice instead of the app, a way to check again and to sign
// out. The session is read again every half minute, so an approval lets the user in without a
// reload (the shell switches screens when the auth state changes).
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';
import { useQuery } from '@tanstack/react-query';
import { Hourglass, LogOut, RefreshCw } from 'lucide-react';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { signOut } from '../../auth/sign-out.ts';
import { Button } from '../../ui/button.tsx';

const RECHECK_MS = 30_000;

export function AwaitingApprovalPage() {
  const session = useQuery({ ...currentUserQueryOptions, refetchInterval: RECHECK_MS });
  return (
    <main className="flex min-h-[60vh] w-full items-center justify-center bg-slate-50 px-4 py-16">
      <section aria-labelledby="awaiting-approval-title" className="w-full max-w-lg rounded-lg border border-amber-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <Hourglass className="size-8 shrink-0 text-amber-600" aria-hidden="true" />
          <h1 id="awaiting-approval-title" className="text-2xl font-bold text-slate-900">
            {ADMIN_MESSAGES.awaitingApproval}
          </h1>
        </div>
        <p className="mt-4 text-slate-700">
          New accounts are reviewed by an administrator before they can take part. Until yours is approved you cannot vote, create priorities or documents, or
          follow other citizens.
        </p>
        <p className="mt-2 text-sm text-slate-600">This page checks again on its own; you will get in as soon as your account is approved.</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void session.refetch()} disabled={session.isFetching} aria-busy={session.isFetching || undefined}>
            <RefreshCw className="size-4" aria-hidden="true" /> Check again
          </Button>
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut className="size-4" aria-hidden="true" /> Sign Out
          </Button>
        </div>
      </section>
    </main>
  );
}
