// The frame both moderation cards share (spec 2.12): the title with its badges, a line of who and
// when, the body, and the Preview and Delete buttons; a reported item adds its reasons.
import { Button, Card } from '@civic/frontend-kit';
import { Eye, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { Moderated } from './moderation-rules.ts';
import { ReportBadge, ReportReasons } from './report-note.tsx';

export function ContentCard({
  title,
  badges,
  byline,
  body,
  footer,
  report,
  deleteDisabled = false,
  onPreview,
  onDelete,
}: {
  title: string;
  badges: ReactNode;
  byline: ReactNode;
  body: ReactNode;
  footer?: ReactNode;
  report: Moderated<unknown>['report'];
  deleteDisabled?: boolean;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className={report ? 'border-red-300 p-4 sm:p-5' : 'p-4 sm:p-5'}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold break-words text-slate-900">
              {title}
            </h3>
            {badges}
            {report && <ReportBadge report={report} />}
          </div>
          <p className="mt-1 text-xs text-slate-600">{byline}</p>
          {body}
          {footer}
          {report && <ReportReasons report={report} />}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="outline" onClick={onPreview}>
            <Eye className="size-4" aria-hidden="true" /> Preview<span className="sr-only"> {title}</span>
          </Button>
          <Button size="sm" variant="outline" className="text-red-700" disabled={deleteDisabled} onClick={onDelete}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete<span className="sr-only"> {title}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
