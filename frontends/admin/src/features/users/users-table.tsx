// The users of one page (spec 2.12): User (avatar, full name, ID), Email, Political Capital, Followers,
// Joined, Status and the row's actions. On a phone the table scrolls sideways inside its card.
import type { TAdminUser } from '@civic/contracts/admin/http';
import { Button } from '@civic/frontend-kit';
import { Ban, ShieldCheck, ShieldOff, Undo2, UserCheck, UserX } from 'lucide-react';
import { StatusBadges } from './status-badges.tsx';
import type { UserActionKind } from './user-actions.ts';
import { UserAvatar } from './user-avatar.tsx';
import { fullNameOf, rowActions } from './user-rules.ts';

const COLUMNS = ['User', 'Email', 'Political Capital', 'Followers', 'Joined', 'Status', 'Actions'] as const;

const count = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-US');
const joined = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function UsersTable({
  users,
  currentUserId,
  actingOn,
  onAction,
}: {
  users: readonly TAdminUser[];
  currentUserId: string | undefined;
  /** The user an action is running on: that row's buttons wait for it. */
  actingOn: string | null;
  onAction: (kind: UserActionKind, user: TAdminUser) => void;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Users">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullNameOf(user);
            const actions = rowActions(user, currentUserId);
            const busy = actingOn === user.id;
            return (
              <tr key={user.id} className="border-b border-slate-100 align-middle" data-user-id={user.id}>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-3">
                    <UserAvatar url={user.profileImageUrl} />
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{name}</p>
                      <p className="font-mono text-xs break-all text-slate-600">ID: {user.id}</p>
                    </div>
                  </div>
                </td>
                <td className="px-3 py-2 break-all text-slate-700">{user.email}</td>
                <td className="px-3 py-2 text-slate-700">{count(user.politicalCapital)}</td>
                <td className="px-3 py-2 text-slate-700">{count(user.followers)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{joined(user.createdAt)}</td>
                <td className="px-3 py-2">
                  <StatusBadges user={user} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={actions.adminToggle.disabled || busy}
                      onClick={() => onAction(user.isAdmin ? 'revoke' : 'grant', user)}
                    >
                      {user.isAdmin ? <ShieldOff className="size-4" aria-hidden="true" /> : <ShieldCheck className="size-4" aria-hidden="true" />}
                      {actions.adminToggle.label}
                    </Button>
                    {actions.ban && (
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-red-700"
                        disabled={actions.ban.disabled || busy}
                        onClick={() => onAction('ban', user)}
                      >
                        <Ban className="size-4" aria-hidden="true" /> Ban
                      </Button>
                    )}
                    {actions.unban && (
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('unban', user)}>
                        <Undo2 className="size-4" aria-hidden="true" /> Unban
                      </Button>
                    )}
                    {actions.decide && (
                      <>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-green-800"
                          disabled={actions.decide.disabled || busy}
                          onClick={() => onAction('approve', user)}
                        >
                          <UserCheck className="size-4" aria-hidden="true" /> Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-red-700"
                          disabled={actions.decide.disabled || busy}
                          onClick={() => onAction('reject', user)}
                        >
                          <UserX className="size-4" aria-hidden="true" /> Reject
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
