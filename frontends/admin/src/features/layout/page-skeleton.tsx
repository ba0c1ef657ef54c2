// The grey blocks an admin page shows while it loads (spec 2.12).
export function PageSkeleton({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div className="h-9 w-64 animate-pulse rounded bg-slate-200" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-lg bg-slate-200" />
    </div>
  );
}
