// The Briefing Room's search and type filter, and its cards with their loading, error and empty states.
import { BRIEFING_DOC_TYPES, BRIEFING_LIST_LIMITS, type TBriefingDocType } from '@civic/contracts/briefing/messages';
import { Card, Input } from '@civic/frontend-kit';
import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ALL_TYPES } from './briefing-queries.ts';
import { DOCUMENT_LIST_TEXTS, DOCUMENT_TYPE_FILTER_LABELS } from './briefing-texts.ts';
import { DocumentCard } from './document-card.tsx';
import type { DocumentListing } from './use-document-listing.ts';

const isDocumentType = (value: string): value is TBriefingDocType => (BRIEFING_DOC_TYPES as readonly string[]).includes(value);

export function DocumentFilters({ listing }: { listing: DocumentListing }) {
  const typeId = useId();
  return (
    <div role="search" aria-label="Filter documents" className="grid gap-3 sm:grid-cols-[1fr_12rem]">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search documents"
          placeholder="Search documents..."
          value={listing.search}
          maxLength={BRIEFING_LIST_LIMITS.searchMax}
          onChange={(event) => listing.setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <div>
        <label htmlFor={typeId} className="sr-only">
          Document type
        </label>
        <select
          id={typeId}
          value={listing.type}
          onChange={(event) => {
            const value = event.target.value;
            listing.setType(isDocumentType(value) ? value : ALL_TYPES);
          }}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
        >
          <option value={ALL_TYPES}>All Types</option>
          {BRIEFING_DOC_TYPES.map((type) => (
            <option key={type} value={type}>
              {DOCUMENT_TYPE_FILTER_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The cards of the listing; `emptyAction` is offered under "No documents yet". */
export function DocumentCardList({ listing, emptyAction }: { listing: DocumentListing; emptyAction?: ReactNode }) {
  const { query, documents } = listing;
  if (query.isPending) {
    return (
      <div role="status" aria-label={DOCUMENT_LIST_TEXTS.loading} className="grid gap-4">
        {[0, 1, 2].map((key) => (
          <Card key={key} className="h-40 animate-pulse bg-slate-100" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {DOCUMENT_LIST_TEXTS.failed}
      </p>
    );
  }
  if (documents.length === 0) {
    return listing.hasFilters ? (
      <EmptyState title={DOCUMENT_LIST_TEXTS.noMatches} hint={DOCUMENT_LIST_TEXTS.noMatchesHint} />
    ) : (
      <EmptyState title={DOCUMENT_LIST_TEXTS.noDocuments} hint={DOCUMENT_LIST_TEXTS.noDocumentsHint} action={emptyAction} />
    );
  }
  return (
    <ul aria-label={DOCUMENT_LIST_TEXTS.listLabel} aria-busy={listing.isUpdating || undefined} className="grid gap-4">
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentCard document={document} />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{hint}</p>
      {action && <div className="mt-3">{action}</div>}
    </Card>
  );
}
