// The Report action of a priority or briefing card (issue 20): shown only while the platform lets
// citizens report (content_moderation_enabled) and never on one's own item. It opens a small dialog
// with a required reason (at most 500 characters, the contract's messages); success closes it with
// the toast "Report submitted", a refusal shows the server's message (e.g. "You have already reported
// this content") in the dialog and a toast; a 401 opens the sign-in dialog (the kit's mutation cache).
import { ADMIN_MESSAGES, REPORT_LIMITS, type TReportTargetType } from '@civic/contracts/admin/messages';
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isUnauthorizedError, serverMessageOf } from '../../api/api-error.ts';
import { apiRequest } from '../../api/api-client.ts';
import { usePlatformSettings } from '../../api/platform-settings-queries.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { toast } from '../../toast/toast-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog.tsx';
import { Label } from '../../ui/label.tsx';
import { reasonProblem } from './report-validation.ts';

export const REPORT_ACTION_LABEL = 'Report';
export const REPORT_DIALOG_TITLE = 'Report content';

export interface ReportActionProps {
  targetType: TReportTargetType;
  targetId: string;
  /** The item's author (null: detached from an erased account); the action is hidden on one's own items. */
  authorId: string | null;
  /** The item's title, named in the dialog. */
  title: string;
}

export function ReportAction({ targetType, targetId, authorId, title }: ReportActionProps) {
  const { content_moderation_enabled: enabled } = usePlatformSettings();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!enabled || (user !== null && user.id === authorId)) return null;
  return (
    <>
      {/* Named "Report" only: the card (an article named by its title) says which item; a name with the
          title in it would also match a search for "Promote" or "Endorse" on a card whose title has the word. */}
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden="true" /> {REPORT_ACTION_LABEL}
      </Button>
      {open && <ReportDialog targetType={targetType} targetId={targetId} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ targetType, targetId, title, onClose }: Omit<ReportActionProps, 'authorId'> & { onClose: () => void }) {
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const report = useMutation({
    mutationFn: () => apiRequest(ADMIN_ROUTES.createReport.method, ADMIN_ROUTES.createReport.path, { targetType, targetId, reason: reason.trim() }),
    onSuccess: () => {
      toast({ title: ADMIN_MESSAGES.reportSubmitted, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return onClose();
      const message = serverMessageOf(error) ?? ADMIN_MESSAGES.reportFailed;
      setRefusal(message);
      toast({ title: ADMIN_MESSAGES.reportFailed, description: message, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    const found = reasonProblem(reason);
    setProblem(found);
    setRefusal(null);
    if (found) {
      reasonRef.current?.focus();
      return;
    }
    report.mutate();
  };

  const described = problem ? `${reasonId}-error` : `${reasonId}-hint`;
  return (
    <Dialog open onOpenChange={(next) => !next && !report.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{REPORT_DIALOG_TITLE}</DialogTitle>
        <DialogDescription>
          Tell the moderators what is wrong with “<span className="break-words">{title}</span>”. Each item can be reported once.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason</Label>
            <textarea
              id={reasonId}
              ref={reasonRef}
              rows={4}
              value={reason}
              maxLength={REPORT_LIMITS.reasonMax * 2}
              aria-invalid={problem ? true : undefined}
              aria-describedby={described}
              onChange={(event) => {
                setReason(event.target.value);
                if (problem) setProblem(null);
              }}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none aria-invalid:border-red-500 md:text-sm"
              placeholder="e.g. Spam, harassment or false information"
            />
            {problem ? (
              <p id={`${reasonId}-error`} className="text-sm text-red-700">
                {problem}
              </p>
            ) : (
              <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
                {reason.trim().length}/{REPORT_LIMITS.reasonMax} characters
              </p>
            )}
          </div>
          {refusal && <Alert variant="destructive">{refusal}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Submitting...' : 'Submit report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
