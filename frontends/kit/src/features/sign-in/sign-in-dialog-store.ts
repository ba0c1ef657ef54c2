// Open/closed state of the one sign-in dialog; any micro-frontend may open it (spec 2.4).
type Listener = () => void;

let isOpen = false;
/** Signed in, waiting for the full page load that starts the session everywhere. */
let redirectPending = false;
const listeners = new Set<Listener>();

function setOpen(next: boolean): void {
  if (next === isOpen) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

export function openSignInDialog(): void {
  setOpen(true);
}

export function closeSignInDialog(): void {
  setOpen(false);
}

/** Marks that a sign-in just succeeded and the page is about to load again (spec 4). */
export function markSignInRedirectPending(): void {
  if (redirectPending) return;
  redirectPending = true;
  for (const listener of listeners) listener();
}

export function isSignInRedirectPending(): boolean {
  return redirectPending;
}

export function isSignInDialogOpen(): boolean {
  return isOpen;
}

export function subscribeSignInDialog(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
