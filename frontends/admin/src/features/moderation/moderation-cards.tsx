// The two moderation cards (spec 2.12). Priority: title, author, created date, Active/Inactive, the
// description clamped to two lines, endorsements and oppositions. Briefing document: title, author,
// date, type badge, the content clamped to three lines, Public/Private. Text is rendered as text.
import type { TReportedItem } from '@civic/contracts/admin/http';
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import type { TPriority } from '@civic/contracts/priorities/http';
import type { TBriefingDocType } from '@civic/contracts/briefing/messages';
import { cn } from '@civic/frontend-kit';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { ContentCard } from './content-card.tsx';
import { authorNameOf, countText, formatDate, type Moderated } from './moderation-rules.ts';

const BADGE = 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export const DOCUMENT_TYPE_LABELS: Record<TBriefingDocType, string> = {
  talking_point: 'Talking Point',
  document: 'Document',
  research: 'Research',
};

interface CardActions {
  onPreview: () => void;
  onDelete: () => void;
}

export function ModerationPriorityCard({ entry, onPreview, onDelete }: { entry: Moderated<TPriority> } & CardActions) {
  const { item: priority, report } = entry;
  return (
    <ContentCard
      title={priority.title}
      report={report}
      badges={
        <span className={cn(BADGE, priority.isActive ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800')}>
          {priority.isActive ? 'Active' : 'Inactive'}
        </span>
      }
      byline={
        <>
          By <span className="font-medium text-slate-800">{authorNameOf(priority.author)}</span> · {formatDate(priority.createdAt)}
        </>
      }
      body={<p className="mt-2 line-clamp-2 text-sm break-words text-slate-700">{priority.description}</p>}
      footer={
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1">
            <ThumbsUp className="size-4 text-green-700" aria-hidden="true" /> {countText(priority.endorsements, 'endorsement')}
          </span>
          <span className="inline-flex items-center gap-1">
            <ThumbsDown className="size-4 text-red-700" aria-hidden="true" /> {countText(priority.oppositions, 'opposition')}
          </span>
        </p>
      }
      // A removed priority stays listed as Inactive; removing it again would change nothing.
      deleteDisabled={!priority.isActive}
      onPreview={onPreview}
      onDelete={onDelete}
    />
  );
}

export function ModerationDocumentCard({ entry, onPreview, onDelete }: { entry: Moderated<TBriefingDocument> } & CardActions) {
  const { item: document, report } = entry;
  return (
    <ContentCard
      title={document.title}
      report={report}
      badges={
        <>
          <span className={cn(BADGE, 'border border-blue-200 bg-blue-50 text-blue-900')}>{DOCUMENT_TYPE_LABELS[document.type]}</span>
          <span className={cn(BADGE, document.isPublic ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800')}>
            {document.isPublic ? 'Public' : 'Private'}
          </span>
        </>
      }
      byline={
        <>
          By <span className="font-medium text-slate-800">{authorNameOf(document.author)}</span> · {formatDate(document.createdAt)}
        </>
      }
      body={<p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700">{document.content}</p>}
      onPreview={onPreview}
      onDelete={onDelete}
    />
  );
}

/** A reported item older than the loaded newest 100: what the report knows of it (title, author, date). */
export function ReportedOnlyCard({ item, onPreview, onDelete }: { item: TReportedItem } & CardActions) {
  return (
    <ContentCard
      title={item.title}
      report={{ reportCount: item.reportCount, reasons: item.reasons }}
      badges={<span className={cn(BADGE, 'bg-slate-200 text-slate-800')}>Older item</span>}
      byline={
        <>
          By <span className="font-medium text-slate-800">{item.authorName ?? 'Anonymous citizen'}</span> · {formatDate(item.createdAt)}
        </>
      }
      body={<p className="mt-2 text-sm text-slate-600">{OLDER_ITEM_NOTE}</p>}
      onPreview={onPreview}
      onDelete={onDelete}
    />
  );
}

export const OLDER_ITEM_NOTE = 'Older than the newest 100 listed here: only its title is loaded.';
