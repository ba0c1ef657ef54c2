// The Blocked Users dialog of one's own profile (spec 2.10): the blocked list, each entry with a
// View Profile link to /profile/{id} (following it closes the dialog).
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@civic/frontend-kit';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { BLOCK_TEXTS } from '../texts/network-texts.ts';
import { BlockedUsersList } from './blocked-users-list.tsx';

export function BlockedUsersDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Ban className="size-4" aria-hidden="true" /> {BLOCK_TEXTS.manage}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{BLOCK_TEXTS.dialogTitle}</DialogTitle>
        <DialogDescription>{BLOCK_TEXTS.dialogDescription}</DialogDescription>
        {open && <BlockedUsersList onNavigate={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
