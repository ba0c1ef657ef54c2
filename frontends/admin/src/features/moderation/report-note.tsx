// A reported item's count badge and the reasons given (issue 20), shown on its moderation card.
import { Flag } from 'lucide-react';
import type { Moderated } from './moderation-rules.ts';
import { reportCountText } from './moderation-rules.ts';

export function ReportBadge({ report }: { report: NonNullable<Moderated<unknown>['report']> }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-900">
      <Flag className="size-3" aria-hidden="true" /> {reportCountText(report.reportCount)}
    </span>
  );
}

export function ReportReasons({ report }: { report: NonNullable<Moderated<unknown>['report']> }) {
  if (report.reasons.length === 0) return null;
  // Two citizens may give the same reason: the position keeps the keys apart (the list never reorders).
  const reasons = report.reasons.map((reason, position) => ({ key: `${position}:${reason}`, reason }));
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-medium text-red-900">Reasons given</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words text-red-900" aria-label="Report reasons">
        {reasons.map(({ key, reason }) => (
          <li key={key}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
