// Briefing Room (spec 2.8) at /briefing-room: the tiles, search and type filter, the result count,
// the document cards, Load More by 50, and the Contribute Document dialog.
import { Button } from '@civic/frontend-kit';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { ContributeDocumentDialog } from '../contribute-document/contribute-document-dialog.tsx';
import { DocumentStatTiles } from '../document-stats/document-stat-tiles.tsx';
import { BRIEFING_ROOM_TITLE, CONTRIBUTE_DOCUMENT_TITLE, DOCUMENT_LIST_TEXTS, documentCountText } from '../document-listing/briefing-texts.ts';
import { DocumentCardList, DocumentFilters } from '../document-listing/document-list.tsx';
import { useDocumentListing } from '../document-listing/use-document-listing.ts';

export function BriefingRoomPage() {
  const listing = useDocumentListing();
  const [contributing, setContributing] = useState(false);
  const count = listing.query.data?.length;
  const contributeButton = (
    <Button onClick={() => setContributing(true)} className="w-full sm:w-auto">
      <Plus className="size-4" aria-hidden="true" /> {CONTRIBUTE_DOCUMENT_TITLE}
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{BRIEFING_ROOM_TITLE}</h1>
          <p className="mt-1 text-slate-600">Talking points, documents and research citizens share to make the case for their priorities.</p>
        </div>
        {contributeButton}
      </header>

      <DocumentStatTiles />

      <DocumentFilters listing={listing} />

      {count !== undefined && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          Showing {documentCountText(count)}
          {listing.isUpdating && <Loader2 className="size-4 animate-spin text-slate-400" aria-label="Updating" />}
        </p>
      )}

      <DocumentCardList listing={listing} emptyAction={contributeButton} />

      {listing.canLoadMore && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={listing.loadMore}>
            {DOCUMENT_LIST_TEXTS.loadMore}
          </Button>
        </div>
      )}

      <ContributeDocumentDialog open={contributing} onOpenChange={setContributing} />
    </div>
  );
}
