// Small screens (spec 2.2): the links move into a right-side drawer with the user's name, e-mail and PC.
// Administrators also find Admin there (issue 38), as in the desktop user menu.
import { Menu } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '../../auth/current-user.ts';
import { signOut } from '../../auth/sign-out.ts';
import { displayNameOf, formatPoliticalCapital } from '../../auth/user-display.ts';
import { Button } from '../../ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../ui/sheet.tsx';
import { AppLink } from './app-link.tsx';
import { NavLinkList } from './nav-link-list.tsx';
import { UserAvatar } from './user-avatar.tsx';

export function MobileDrawer({ user, currentPath }: { user: CurrentUser; currentPath: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        <section aria-label="Your account" className="flex items-center gap-3 rounded-lg bg-slate-50 p-3">
          <UserAvatar user={user} />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{displayNameOf(user)}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <SheetDescription className="text-sm font-semibold text-accent">
              <span className="sr-only">Political capital: </span>
              {formatPoliticalCapital(user.politicalCapital)}
            </SheetDescription>
          </div>
        </section>
        <nav aria-label="Mobile">
          <NavLinkList currentPath={currentPath} orientation="vertical" onNavigate={close} />
        </nav>
        <div className="mt-auto grid gap-1 border-t pt-4">
          <AppLink href={`/profile/${user.id}`} onClick={close} className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
            Profile
          </AppLink>
          <AppLink href="/settings" onClick={close} className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
            Settings
          </AppLink>
          {user.isAdmin && (
            <AppLink href="/admin" onClick={close} className="rounded-md px-3 py-2 text-sm hover:bg-slate-100">
              Admin
            </AppLink>
          )}
          <Button variant="outline" onClick={() => void signOut()} className="mt-2">
            Sign Out
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
