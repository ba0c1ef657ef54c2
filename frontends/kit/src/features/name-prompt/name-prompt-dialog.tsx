// First sign-in: while the current user has no first name, every signed-in page asks for one.
// The dialog cannot be dismissed; saving refetches the current user, whose first name closes it.
import { ACCOUNT_ROUTES } from '@civic/contracts/http/routes/account';
import { operationPath } from '@civic/contracts/http/route';
import { PROFILE_MESSAGES, PROFILE_TOASTS } from '@civic/contracts/messages/profile';
import { useMutation } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { apiRequestJson } from '../../api/api-client.ts';
import { ApiError } from '../../api/api-error.ts';
import { queryClient } from '../../api/query-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../../auth/current-user.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { toast } from '../../toast/toast-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { isSignInDialogOpen, isSignInRedirectPending, subscribeSignInDialog } from '../sign-in/sign-in-dialog-store.ts';
import { NAME_PROMPT_TITLE } from './name-prompt-title.ts';

const profilePath = (userId: string) => operationPath(ACCOUNT_ROUTES.updateProfile, { id: userId });

interface NameInput {
  firstName: string;
  lastName: string;
}

/** Not while signing in: the sign-in dialog is open, or the page is about to load again after it. */
const readSigningIn = () => isSignInDialogOpen() || isSignInRedirectPending();

export function NamePromptDialog() {
  const { user } = useAuth();
  const signingIn = useSyncExternalStore(subscribeSignInDialog, readSigningIn, readSigningIn);
  if (!user || user.firstName || signingIn) return null;
  return <NamePromptForm userId={user.id} />;
}

function NamePromptForm({ userId }: { userId: string }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (input: NameInput) => apiRequestJson<unknown>(ACCOUNT_ROUTES.updateProfile.method, profilePath(userId), input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [profilePath(userId)] }),
      ]);
    },
    onError: (cause) => {
      const message = cause instanceof ApiError && cause.status === 400 ? cause.serverMessage : null;
      if (message) setError(message);
      else toast({ title: 'Error', description: PROFILE_TOASTS.updateFailed, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = firstName.trim();
    if (!first) {
      setError(PROFILE_MESSAGES.firstNameRequired);
      return;
    }
    setError(null);
    save.mutate({ firstName: first, lastName: lastName.trim() });
  };

  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogTitle>{NAME_PROMPT_TITLE}</DialogTitle>
        <DialogDescription>Tell us your name so other citizens know who you are.</DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="name-prompt-first">First name</Label>
            <Input
              id="name-prompt-first"
              autoComplete="given-name"
              value={firstName}
              maxLength={100}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFirstName(event.target.value)}
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="name-prompt-last">Last name (optional)</Label>
            <Input id="name-prompt-last" autoComplete="family-name" value={lastName} maxLength={100} onChange={(event) => setLastName(event.target.value)} />
          </div>
          {error && <Alert variant="destructive">{error}</Alert>}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Continue'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
