// User Management (spec 2.12, 5, 7.4, 8, 9; issue 20): search by name or e-mail, Total Users and Admin
// Users of the page, the table, Grant/Revoke admin, Ban, Unban, Approve and Reject with their
// confirmations and toasts, and "Page N" paging by 20.
import type { TAdminUser } from '@civic/contracts/admin/http';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  Button,
  Card,
  Input,
  Label,
  useAuth,
  useDebounced,
} from '@civic/frontend-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, Shield, Users } from 'lucide-react';
import { useState } from 'react';
import { adminListQuery } from '../../api/admin-query.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { LoadState } from '../layout/load-state.tsx';
import { StatCard } from '../layout/stat-card.tsx';
import { confirmationOf, type UserActionKind } from './user-actions.ts';
import { fullNameOf, userCounts } from './user-rules.ts';
import { hasNextUsersPage, usersPath } from './users-query.ts';
import { UsersTable } from './users-table.tsx';
import { useUserAction } from './use-user-action.ts';

/** One read per pause in typing, not per key. */
const SEARCH_PAUSE_MS = 300;

export function UsersPage() {
  const { user: me } = useAuth();
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const search = useDebounced(searchText, SEARCH_PAUSE_MS);
  const users = useQuery({ ...adminListQuery<TAdminUser[]>(usersPath(search, page)), placeholderData: keepPreviousData });
  const rows = users.data ?? [];
  const counts = userCounts(rows);
  const action = useUserAction();
  const [confirming, setConfirming] = useState<{ kind: UserActionKind; user: TAdminUser } | null>(null);
  const confirmation = confirming && confirmationOf(confirming.kind, fullNameOf(confirming.user));

  const run = (kind: UserActionKind, user: TAdminUser) => action.mutate({ kind, userId: user.id }, { onSettled: () => setConfirming(null) });
  const ask = (kind: UserActionKind, user: TAdminUser) => (confirmationOf(kind, '') ? setConfirming({ kind, user }) : run(kind, user));

  return (
    <AdminPage title="User Management" description="Search users, grant or revoke admin, ban and approve accounts.">
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard label="Total Users" value={counts.total} icon={<Users className="size-6 text-primary" aria-hidden="true" />} />
        <StatCard label="Admin Users" value={counts.admins} icon={<Shield className="size-6 text-blue-600" aria-hidden="true" />} />
      </div>

      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <Label htmlFor="user-search" className="sr-only">
            Search users
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id="user-search"
              type="search"
              className="pl-9"
              placeholder="Search users by name or email"
              value={searchText}
              onChange={(e) => {
                setSearchText(e.target.value);
                setPage(0);
              }}
            />
          </div>
        </div>

        <LoadState isPending={users.isPending} error={users.error} what="users" />
        {users.isSuccess && rows.length === 0 && (
          <div className="py-10 text-center">
            <Users className="mx-auto size-10 text-slate-400" aria-hidden="true" />
            <p className="mt-2 font-medium text-slate-900">No users found</p>
          </div>
        )}
        {rows.length > 0 && (
          <UsersTable users={rows} currentUserId={me?.id} actingOn={action.isPending ? (action.variables?.userId ?? null) : null} onAction={ask} />
        )}

        <nav aria-label="User pages" className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">Page {page + 1}</span>
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!hasNextUsersPage(rows.length) || users.isPlaceholderData}>
            Next
          </Button>
        </nav>
      </Card>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && !action.isPending && setConfirming(null)}>
        <AlertDialogContent>
          {confirming && confirmation && (
            <>
              <AlertDialogTitle>{confirmation.title}</AlertDialogTitle>
              <AlertDialogDescription>{confirmation.text}</AlertDialogDescription>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={action.isPending} />
                <Button
                  variant={confirmation.destructive ? 'destructive' : 'primary'}
                  disabled={action.isPending}
                  aria-busy={action.isPending || undefined}
                  onClick={() => run(confirming.kind, confirming.user)}
                >
                  {confirmation.confirmLabel}
                </Button>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </AdminPage>
  );
}
