// Danger Zone (spec 2.11): account deletion, behind a dialog where DELETE must be typed.
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  Input,
  Label,
} from '@civic/frontend-kit';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SettingsCard } from '../settings-page/settings-card.tsx';
import { DELETE_CONFIRMATION_WORD } from '../settings-page/settings-texts.ts';
import { isDeletionConfirmed } from './deletion-confirmation.ts';
import { useDeleteAccount } from './use-delete-account.ts';

export function DangerZoneCard() {
  return (
    <SettingsCard
      id="settings-danger-zone"
      title="Danger Zone"
      tone="danger"
      icon={<TriangleAlert className="size-5" aria-hidden="true" />}
      description="Actions here cannot be undone."
    >
      <div className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-red-900">Delete account</p>
          <p className="text-sm text-red-800">Permanently delete your account and your data.</p>
        </div>
        <DeleteAccountDialog />
      </div>
    </SettingsCard>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const confirmed = isDeletionConfirmed(typed);

  const changeOpen = (next: boolean) => {
    if (deletion.isPending) return;
    setOpen(next);
    // Closing forgets what was typed: every deletion is confirmed afresh.
    if (!next) setTyped('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deletion.isPending) return;
    deletion.mutate(
      { confirmation: DELETE_CONFIRMATION_WORD },
      {
        onSuccess: () => {
          setOpen(false);
          setTyped('');
        },
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        {/* Stays disabled once the account is gone, while the home page is about to load. */}
        <Button variant="destructive" disabled={deletion.isSuccess}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle className="flex items-center gap-2 text-red-700">
          <TriangleAlert className="size-5" aria-hidden="true" />
          Delete Account
        </AlertDialogTitle>
        <AlertDialogDescription>
          This permanently deletes your account and your data. You are signed out everywhere at once, and this cannot be undone.
        </AlertDialogDescription>
        <p className="text-sm text-slate-600">To keep a copy, use Export Data in the Account section first.</p>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="delete-account-confirmation">
              Type <span className="font-mono font-semibold text-red-700">{DELETE_CONFIRMATION_WORD}</span> to confirm
            </Label>
            <Input
              id="delete-account-confirmation"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={DELETE_CONFIRMATION_WORD}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              disabled={deletion.isPending}
              className="font-mono"
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deletion.isPending} />
            <Button type="submit" variant="destructive" disabled={!confirmed || deletion.isPending} aria-busy={deletion.isPending || undefined}>
              Delete Account
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
