// What floats above every screen: toasts, the sign-in dialog and the first-sign-in name prompt.
// The two dialogs are fetched only when they are to be shown (the sign-in dialog at its first
// opening, the name prompt for a signed-in user without a first name), so a visitor who only
// reads the landing page does not download them.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAuth } from '../auth/use-auth.ts';
import { isSignInDialogOpen, subscribeSignInDialog } from '../features/sign-in/sign-in-dialog-store.ts';
import { Toaster } from '../toast/toaster.tsx';

const SignInDialog = lazy(() => import('../features/sign-in/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));
const NamePromptDialog = lazy(() =>
  import('../features/name-prompt/name-prompt-dialog.tsx').then((m) => ({ default: m.NamePromptDialog })),
);

/** True from the dialog's first opening on: once loaded it stays mounted, so it can close itself. */
let signInDialogWanted = false;
const readSignInDialogWanted = () => (signInDialogWanted ||= isSignInDialogOpen());

function LazySignInDialog() {
  const wanted = useSyncExternalStore(subscribeSignInDialog, readSignInDialogWanted, readSignInDialogWanted);
  return wanted ? <SignInDialog /> : null;
}

function LazyNamePrompt() {
  const { user } = useAuth();
  // The dialog itself decides when to show (not while signing in); this only avoids loading it for nothing.
  return user && !user.firstName ? <NamePromptDialog /> : null;
}

export function Overlays() {
  return (
    <>
      <Suspense fallback={null}>
        <LazySignInDialog />
      </Suspense>
      <Suspense fallback={null}>
        <LazyNamePrompt />
      </Suspense>
      <Toaster />
    </>
  );
}
