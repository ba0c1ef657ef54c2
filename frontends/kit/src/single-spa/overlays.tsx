// What floats above every screen: toasts, the sign-in dialog and the first-sign-in name prompt (not
// while the account awaits approval).
// Each is fetched only when it is first to be shown (the notification area at the first toast,
// the sign-in dialog at its first opening, the name prompt for a signed-in user without a first
// name), so a visitor who only reads the landing page does not download them.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isAwaitingApproval } from '../auth/approval.ts';
import { useAuth } from '../auth/use-auth.ts';
import { isSignInDialogOpen, subscribeSignInDialog } from '../features/sign-in/sign-in-dialog-store.ts';
import { getToasts, subscribeToasts } from '../toast/toast-store.ts';

const Toaster = lazy(() => import('../toast/toaster.tsx').then((m) => ({ default: m.Toaster })));

const SignInDialog = lazy(() => import('../features/sign-in/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));
const NamePromptDialog = lazy(() => import('../features/name-prompt/name-prompt-dialog.tsx').then((m) => ({ default: m.NamePromptDialog })));

/** True from the dialog's first opening on: once loaded it stays mounted, so it can close itself. */
let signInDialogWanted = false;
const readSignInDialogWanted = () => (signInDialogWanted ||= isSignInDialogOpen());

function LazySignInDialog() {
  const wanted = useSyncExternalStore(subscribeSignInDialog, readSignInDialogWanted, readSignInDialogWanted);
  return wanted ? <SignInDialog /> : null;
}

/** True from the first toast on; the notification area then stays, like the dialog above. */
let toasterWanted = false;
const readToasterWanted = () => (toasterWanted ||= getToasts().length > 0);

function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToasts, readToasterWanted, readToasterWanted);
  return wanted ? <Toaster /> : null;
}

function LazyNamePrompt() {
  const { user } = useAuth();
  // The dialog itself decides when to show (not while signing in); this only avoids loading it for nothing.
  // An account awaiting approval may not edit its profile yet: it is asked once approved.
  return user && !user.firstName && !isAwaitingApproval(user) ? <NamePromptDialog /> : null;
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
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
    </>
  );
}
