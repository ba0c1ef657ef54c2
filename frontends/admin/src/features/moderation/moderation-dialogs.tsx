// Content Preview and Delete Content (spec 2.12): the preview shows the title, author, created date and
// time and the whole description or content; the confirmation asks with the right noun and shows the
// item's title and "By: {author}"; for a priority, an optional reason its author's removal notice
// quotes (issue 22; documents have no reason on the server).
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Label,
} from '@civic/frontend-kit';
import { REMOVAL_REASON_MAX } from '@civic/contracts/notifications/messages';
import { useId, useState } from 'react';
import { deleteQuestion, formatDateTime } from './moderation-rules.ts';
import type { ContentKind } from './use-delete-content.ts';

export const REMOVAL_REASON_LABEL = 'Reason (sent to the author)';

/** What both dialogs need of a priority or a document. */
export interface ContentSummary {
  kind: ContentKind;
  id: string;
  title: string;
  author: string;
  createdAt: string;
  /** A priority's description or a document's content. */
  text: string;
}

export function PreviewDialog({ content, onClose }: { content: ContentSummary | null; onClose: () => void }) {
  return (
    <Dialog open={content !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" hideClose>
        <DialogTitle>Content Preview</DialogTitle>
        {content && (
          <>
            <DialogDescription className="sr-only">The whole {content.kind} as citizens see it.</DialogDescription>
            <div className="grid gap-2">
              <h3 className="text-lg font-semibold break-words text-slate-900">{content.title}</h3>
              <p className="text-sm text-slate-600">
                By <span className="font-medium text-slate-800">{content.author}</span> · {formatDateTime(content.createdAt)}
              </p>
              <p className="max-h-[50vh] overflow-y-auto rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-line text-slate-800">{content.text}</p>
            </div>
          </>
        )}
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteDialog({
  content,
  deleting,
  onConfirm,
  onClose,
}: {
  content: ContentSummary | null;
  deleting: boolean;
  onConfirm: (content: ContentSummary, reason: string) => void;
  onClose: () => void;
}) {
  const reasonId = useId();
  // The draft belongs to one item: opening another starts empty. A failed delete keeps it for a retry;
  // Cancel drops it.
  const [draft, setDraft] = useState({ id: '', reason: '' });
  const reason = content && draft.id === content.id ? draft.reason : '';
  const close = () => {
    setDraft({ id: '', reason: '' });
    onClose();
  };
  return (
    <AlertDialog open={content !== null} onOpenChange={(open) => !open && !deleting && close()}>
      <AlertDialogContent>
        <AlertDialogTitle>Delete Content</AlertDialogTitle>
        {content && (
          <>
            <AlertDialogDescription>{deleteQuestion(content.kind)}</AlertDialogDescription>
            <div className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-semibold break-words text-slate-900">{content.title}</p>
              <p className="mt-1 text-slate-700">By: {content.author}</p>
            </div>
            {content.kind === 'priority' && (
              <div className="grid gap-1.5">
                <Label htmlFor={reasonId}>{REMOVAL_REASON_LABEL}</Label>
                <textarea
                  id={reasonId}
                  rows={3}
                  value={reason}
                  maxLength={REMOVAL_REASON_MAX}
                  disabled={deleting}
                  aria-describedby={`${reasonId}-hint`}
                  onChange={(event) => setDraft({ id: content.id, reason: event.target.value })}
                  className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-60 md:text-sm"
                  placeholder="Optional"
                />
                <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
                  Optional, at most {REMOVAL_REASON_MAX} characters ({reason.length}/{REMOVAL_REASON_MAX}).
                </p>
              </div>
            )}
          </>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting} />
          <Button variant="destructive" disabled={deleting} aria-busy={deleting || undefined} onClick={() => content && onConfirm(content, reason)}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
