// Latest from Briefing Room (spec 2.5, 9): the 3 newest documents of a `limit=5` read, each leading to
// the Briefing Room. Titles are text (React escapes them), as everywhere a document is shown.
import type { TBriefingDocument } from '@civic/contracts/briefing/http';
import { ageText, AppLink } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { BRIEFING_ROOM_PAGE_PATH, LATEST_DOCUMENTS_QUERY_KEY, LATEST_DOCUMENTS_SHOWN } from '../../api/queries.ts';
import { SidebarCard } from './sidebar-card.tsx';

/** spec 3 "Briefing document" types, as the Briefing Room's badges say them. */
const TYPE_LABELS: Record<TBriefingDocument['type'], string> = { talking_point: 'Talking Point', document: 'Document', research: 'Research' };

function LatestDocuments() {
  const documents = useQuery<TBriefingDocument[]>({ queryKey: LATEST_DOCUMENTS_QUERY_KEY });
  if (documents.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading documents...
      </p>
    );
  }
  if (documents.isError) return <p className="text-sm text-slate-500">Documents could not be loaded.</p>;
  if (documents.data.length === 0) return <p className="text-sm text-slate-600">No documents yet. Be the first to contribute one.</p>;
  return (
    <ul aria-label="Latest documents" className="grid gap-3">
      {documents.data.slice(0, LATEST_DOCUMENTS_SHOWN).map((document) => (
        <li key={document.id} className="min-w-0">
          <AppLink href={BRIEFING_ROOM_PAGE_PATH} className="block text-sm font-medium break-words text-slate-900 hover:text-primary hover:underline">
            {document.title}
          </AppLink>
          <p className="text-xs text-slate-500">
            {TYPE_LABELS[document.type]}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {ageText(document.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function BriefingRoomCard() {
  return (
    <SidebarCard title="Latest from Briefing Room" icon={<BookOpen className="size-5 text-primary" aria-hidden="true" />}>
      <LatestDocuments />
      <AppLink href={BRIEFING_ROOM_PAGE_PATH} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
        Visit the Briefing Room
      </AppLink>
    </SidebarCard>
  );
}
