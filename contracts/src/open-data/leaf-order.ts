// The end of the first tree order (issue 23, docs/open-data.md). A snapshot names its leaf order, and
// the root does not cover that name: a server could publish a new snapshot as 'priority,leaf' and so
// stop binding vote types. Every snapshot taken since this instant orders by type, so a checker (the
// verifier, "Verify my vote") refuses the old order for any snapshot taken at or after it. Zod-free,
// for browser code.

/** Snapshots taken from this instant on must be 'priority,type,leaf' (the release that bound types). */
export const PRIORITY_LEAF_ORDER_ENDED = '2026-12-01T00:00:00.000Z';

/** Whether a snapshot taken at `takenAt` may use `leafOrder`. */
export function leafOrderAccepted(leafOrder: string, takenAt: string): boolean {
  if (leafOrder === 'priority,type,leaf') return true;
  return leafOrder === 'priority,leaf' && Date.parse(takenAt) < Date.parse(PRIORITY_LEAF_ORDER_ENDED);
}
