// What floats above every screen: toasts and the sign-in dialog (the first-sign-in name prompt is a
// panel under the navigation: features/name-prompt/lazy-name-prompt.tsx).
// Each is fetched only when it is first to be shown (the notification area at the first toast,
// the sign-in dialog at its first opening), so a visitor who only reads the landing page does not
// download them.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSignInDialogOpen, subscribeSignInDialog } from '../features/sign-in/sign-in-dialog-store.ts';
import { getToasts, subscribeToasts } from '../toast/toast-store.ts';

const Toaster = lazy(() => import('../toast/toaster.tsx').then((m) => ({ default: m.Toaster })));

const SignInDialog = lazy(() => import('../features/sign-in/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));

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

export function Overlays() {
  return (
    <>
      <Suspense fallback={null}>
        <LazySignInDialog />
      </Suspense>
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
    </>
  );
}
