// Top navigation, shown only when signed in (spec 2.2), and under it the announcements banner (issue 19)
// and, while the user has no first name, the first-sign-in name prompt (issue 3).
import { Landmark } from 'lucide-react';
import { useAuth } from '../../auth/use-auth.ts';
import { formatPoliticalCapital } from '../../auth/user-display.ts';
import { AnnouncementBanner } from '../announcements/announcement-banner.tsx';
import { LazyNamePrompt } from '../name-prompt/lazy-name-prompt.tsx';
import { AppLink } from './app-link.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { NavLinkList } from './nav-link-list.tsx';
import { useCurrentPath } from './use-current-path.ts';
import { UserMenu } from './user-menu.tsx';

export function Navbar() {
  const { user } = useAuth();
  const currentPath = useCurrentPath();
  if (!user) return null;
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <AppLink href="/" className="flex items-center gap-2 text-lg font-bold text-primary" aria-label="Civic Agenda home">
            <Landmark className="size-6" aria-hidden="true" />
            <span>Civic Agenda</span>
          </AppLink>
          <nav aria-label="Main" className="hidden md:block">
            <NavLinkList currentPath={currentPath} orientation="horizontal" />
          </nav>
          <div className="hidden items-center gap-3 md:flex">
            <span className="rounded-full bg-accent/10 px-3 py-1 text-sm font-semibold text-accent">
              <span className="sr-only">Political capital: </span>
              {formatPoliticalCapital(user.politicalCapital)}
            </span>
            <UserMenu user={user} />
          </div>
          <MobileDrawer user={user} currentPath={currentPath} />
        </div>
      </header>
      <AnnouncementBanner />
      <LazyNamePrompt />
    </>
  );
}
