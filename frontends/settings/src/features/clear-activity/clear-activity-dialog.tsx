// The Data & Storage card's "Clear Activity History": nothing is sent until the dialog is confirmed.
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
} from '@civic/frontend-kit';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useClearActivity } from './use-clear-activity.ts';

export function ClearActivityRow() {
  const [open, setOpen] = useState(false);
  const clear = useClearActivity();
  const confirm = () => clear.mutate(undefined, { onSettled: () => setOpen(false) });

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium text-slate-800">Activity history</p>
        <p className="text-sm text-slate-600">Remove the record of what you have done on the platform.</p>
      </div>
      <AlertDialog open={open} onOpenChange={(next) => !clear.isPending && setOpen(next)}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" className="text-red-700 hover:bg-red-50">
            <History className="size-4" aria-hidden="true" />
            Clear Activity History
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Clear Activity History</AlertDialogTitle>
          <AlertDialogDescription>This permanently removes your activity history from your account. This cannot be undone.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={clear.isPending} />
            <Button variant="destructive" disabled={clear.isPending} aria-busy={clear.isPending || undefined} onClick={confirm}>
              Clear History
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
