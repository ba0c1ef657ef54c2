import { AppLink, Button, openSignInDialog } from '@civic/frontend-kit';
import { Landmark } from 'lucide-react';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <AppLink href="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <Landmark className="size-6" aria-hidden="true" />
          Civic Agenda
        </AppLink>
        <Button onClick={openSignInDialog}>Sign In</Button>
      </div>
    </header>
  );
}
