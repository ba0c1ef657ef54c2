import { Button } from '@civic/frontend-kit';

/** Load More under a list that may go on (a full last page); waits while the next page loads. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" disabled={loading} onClick={onLoad}>
        {loading ? 'Loading...' : 'Load More'}
      </Button>
    </div>
  );
}
