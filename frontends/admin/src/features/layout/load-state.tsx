// A list read's pending and failed states, said the same way on every admin page.
export function LoadState({ isPending, error, what }: { isPending: boolean; error: Error | null; what: string }) {
  if (isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading {what}...
      </p>
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
