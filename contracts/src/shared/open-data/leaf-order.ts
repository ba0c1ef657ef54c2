// The end of the first tree order (docs/open-data.md). A snapshot names its leaf order, and
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

/** A priority's place in a snapshot's tree, as its published line (or the server's row) gives it. */
export interface PriorityLeaves {
  firstLeaf: number;
  leafCount: number;
  /** Its endorse leaves, which come first in 'priority,type,leaf'; null where not recorded (first order). */
  endorseLeaves: number | null;
}

/**
 * The leaves [first, end) that hold a vote of `voteType` in the priority's part of the tree: in
 * 'priority,type,leaf' the endorse leaves, then the oppose leaves; in 'priority,leaf' (or without the
 * endorse count) the whole part, for either type. The server finds receipts in this range and the
 * browser checks them against it, so the tree order is defined here once.
 */
export function typeLeafRange(leafOrder: string, leaves: PriorityLeaves, voteType: 'endorse' | 'oppose'): { first: number; end: number } {
  const first = leaves.firstLeaf;
  const end = first + leaves.leafCount;
  if (leafOrder === 'priority,leaf' || leaves.endorseLeaves === null) return { first, end };
  const endorseEnd = first + leaves.endorseLeaves;
  return voteType === 'endorse' ? { first, end: endorseEnd } : { first: endorseEnd, end };
}
