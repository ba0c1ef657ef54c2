// One briefing document (spec 2.8): type badge, relative age (spec 2.6's words), title, content cut at
// 300 characters with Read More / Show Less, "Contributed by" its author, and the priority it is
// about when it names one, and Report while citizens may report content (issue 20; hidden on one's own
// document). Content is text: React escapes it, nothing is parsed as HTML.
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import { ageText, Card, cn, ReportAction } from '@civic/frontend-kit';
import { Target } from 'lucide-react';
import { useId, useState } from 'react';
import { authorNameOf, DOCUMENT_LIST_TEXTS, DOCUMENT_TYPE_BADGE_CLASSES, DOCUMENT_TYPE_LABELS } from './briefing-texts.ts';
import { contentPreview } from './document-list-view.ts';

export function DocumentCard({ document }: { document: TBriefingDocument }) {
  const titleId = useId();
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const preview = contentPreview(document.content);
  const shown = expanded || !preview.truncated ? document.content : preview.text;

  return (
    <Card role="article" aria-labelledby={titleId} className="p-4 sm:p-5" data-document-id={document.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={cn('rounded-full border px-2.5 py-0.5 text-xs font-medium', DOCUMENT_TYPE_BADGE_CLASSES[document.type])}>
          {DOCUMENT_TYPE_LABELS[document.type]}
        </span>
        <span className="text-xs text-slate-600">{ageText(document.createdAt)}</span>
      </div>
      <h3 id={titleId} className="mt-2 text-lg font-semibold break-words text-slate-900">
        {document.title}
      </h3>
      <p id={contentId} className="mt-1 text-sm break-words whitespace-pre-line text-slate-700" data-document-content>
        {shown}
      </p>
      {preview.truncated && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
        >
          {expanded ? DOCUMENT_LIST_TEXTS.showLess : DOCUMENT_LIST_TEXTS.readMore}
        </button>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-600">
        <p>
          Contributed by <span className="font-medium text-slate-800">{authorNameOf(document.author)}</span>
        </p>
        {document.priorityTitle && (
          <p className="flex min-w-0 items-center gap-1">
            <Target className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              Priority: <span className="min-w-0 font-medium break-words text-slate-800">{document.priorityTitle}</span>
            </span>
          </p>
        )}
        <div className="ml-auto">
          <ReportAction targetType="briefing_doc" targetId={document.id} authorId={document.authorId} title={document.title} />
        </div>
      </div>
    </Card>
  );
}
