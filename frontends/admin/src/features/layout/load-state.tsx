// A read's pending state (spec 2.12: every admin page shows a skeleton while loading) and its failure.
export function LoadState({ isPending, error, what }: { isPending: boolean; error: Error | null; what: string }) {
  if (isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}...`} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-md bg-slate-200" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-red-700">
        The {what} could not be loaded ({error.message}).
      </p>
    );
  }
  return null;
}
