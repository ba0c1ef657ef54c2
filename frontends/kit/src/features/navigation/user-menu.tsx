// Desktop user menu (spec 2.2): Profile, Settings, Sign Out; and Admin for administrators (issue 38),
// the way to /admin (the shell turns anyone else away from it).
import { LogOut, Settings, Shield, User } from 'lucide-react';
import type { CurrentUser } from '../../auth/current-user.ts';
import { signOut } from '../../auth/sign-out.ts';
import { displayNameOf } from '../../auth/user-display.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../ui/dropdown-menu.tsx';
import { navigateTo } from './navigate.ts';
import { UserAvatar } from './user-avatar.tsx';

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayNameOf(user);
  return (
    <DropdownMenu>
      {/* Named by its content, not an aria-label: the visible name starts the accessible name, so a
          person who says or reads what the button shows finds it (WCAG 2.5.3, Label in Name); the
          avatar's initials are hidden from assistive technology and "User menu" says what it opens. */}
      <DropdownMenuTrigger className="flex cursor-pointer items-center gap-2 rounded-full p-1 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none">
        <UserAvatar user={user} />
        <span className="max-w-40 truncate text-sm font-medium text-slate-800">{name}</span>
        <span className="sr-only">, User menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{name}</span>
          <span className="block truncate text-xs text-slate-500">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigateTo(`/profile/${user.id}`)}>
          <User className="size-4" aria-hidden="true" /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigateTo('/settings')}>
          <Settings className="size-4" aria-hidden="true" /> Settings
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem onSelect={() => navigateTo('/admin')}>
            <Shield className="size-4" aria-hidden="true" /> Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut className="size-4" aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
