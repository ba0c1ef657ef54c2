// Content Preview and Delete Content (spec 2.12): the preview shows the title, author, created date and
// time and the whole description or content; the confirmation asks with the right noun and shows the
// item's title and "By: {author}".
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
} from '@civic/frontend-kit';
import { deleteQuestion, formatDateTime } from './moderation-rules.ts';
import type { ContentKind } from './use-delete-content.ts';

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
  onConfirm: (content: ContentSummary) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={content !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>Delete Content</AlertDialogTitle>
        {content && (
          <>
            <AlertDialogDescription>{deleteQuestion(content.kind)}</AlertDialogDescription>
            <div className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-semibold break-words text-slate-900">{content.title}</p>
              <p className="mt-1 text-slate-700">By: {content.author}</p>
            </div>
          </>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting} />
          <Button variant="destructive" disabled={deleting} aria-busy={deleting || undefined} onClick={() => content && onConfirm(content)}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
