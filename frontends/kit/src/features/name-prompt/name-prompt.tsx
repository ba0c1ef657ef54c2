// First sign-in: while the current user has no first name, every signed-in page asks for one, in a
// panel under the navigation (the navbar renders it). It does not block the page: the product's
// screens (spec 2) stay usable around it, nothing covers them, and it takes no focus. It cannot be
// dismissed either; saving refetches the current user, whose first name removes it.
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { operationPath } from '@civic/contracts/shared/route';
import { PROFILE_MESSAGES, PROFILE_TOASTS } from '@civic/contracts/account/messages';
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

export function NamePrompt() {
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
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="name-prompt-title"
      aria-describedby="name-prompt-description"
      className="border-b border-blue-200 bg-blue-50"
    >
      <div className="mx-auto grid max-w-7xl gap-3 px-4 py-4 sm:px-6 lg:px-8">
        <div>
          <h2 id="name-prompt-title" className="text-lg font-semibold text-slate-900">
            {NAME_PROMPT_TITLE}
          </h2>
          <p id="name-prompt-description" className="text-sm text-slate-700">
            Tell us your name so other citizens know who you are.
          </p>
        </div>
        <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="name-prompt-first">First name</Label>
            <Input
              id="name-prompt-first"
              autoComplete="given-name"
              value={firstName}
              maxLength={100}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFirstName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="name-prompt-last">Last name (optional)</Label>
            <Input id="name-prompt-last" autoComplete="family-name" value={lastName} maxLength={100} onChange={(event) => setLastName(event.target.value)} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Continue'}
          </Button>
        </form>
        {error && <Alert variant="destructive">{error}</Alert>}
      </div>
    </section>
  );
}
