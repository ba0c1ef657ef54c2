// Open/closed state of the one sign-in dialog; any micro-frontend may open it (spec 2.4).
type Listener = () => void;

let isOpen = false;
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

export function isSignInDialogOpen(): boolean {
  return isOpen;
}

export function subscribeSignInDialog(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
