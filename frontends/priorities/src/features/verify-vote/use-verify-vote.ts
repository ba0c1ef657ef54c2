// "Verify my vote" (issue 23): reads the caller's receipt, and for a counted vote the public snapshot
// list around the receipt's snapshot and the priority's line of that snapshot (public and immutable),
// then checks it in the browser (verify-receipt.ts). The list is read with `before` just after the
// receipt's takenAt, so its first entries are that snapshot and older ones, whatever was taken since;
// `cache: 'no-cache'` so the list's minute of public caching never hides a snapshot just taken. Both
// public reads go without cookies: the page checks what everyone else is shown, not an answer the
// server could tailor to the signed-in voter.
import { operationPath } from '@civic/contracts/shared/route';
import { OPEN_DATA_ROUTES } from '@civic/contracts/priorities/open-data-routes';
import type { TSnapshotList, TSnapshotPriority, TVoteReceipt } from '@civic/contracts/priorities/open-data';
import type { TVoteType } from '@civic/contracts/priorities/http';
import { ApiError, apiRequestJson, throwIfResponseNotOk } from '@civic/frontend-kit';
import { useState } from 'react';
import { type VerifyFailure, verifyCountedReceipt, webCryptoSha256 } from './verify-receipt.ts';

/** Snapshots asked for around the receipt's: ties on takenAt are the only reason for more than one. */
const AROUND = 10;

export type VerifyState =
  | { kind: 'idle' }
  | { kind: 'verifying' }
  | { kind: 'counted'; voteType: TVoteType; takenAt: string; leafIndex: number; treeSize: number; root: string }
  | { kind: 'pending'; nextSnapshotAt: string }
  | { kind: 'failed'; reason: VerifyFailure }
  | { kind: 'no-vote' }
  | { kind: 'no-web-crypto' }
  | { kind: 'load-failed' };

export const receiptPath = (priorityId: string) => operationPath(OPEN_DATA_ROUTES.voteReceipt, { id: priorityId });

/** The public list's page that starts with the snapshot taken at `takenAt`. */
export function snapshotsAroundPath(takenAt: string): string {
  const before = new Date(new Date(takenAt).getTime() + 1).toISOString();
  return `${OPEN_DATA_ROUTES.listSnapshots.path}?${new URLSearchParams({ before, limit: String(AROUND) })}`;
}

async function readSnapshotsAround(takenAt: string): Promise<TSnapshotList> {
  const response = await fetch(snapshotsAroundPath(takenAt), { cache: 'no-cache', credentials: 'omit' });
  await throwIfResponseNotOk(response);
  return (await response.json()) as TSnapshotList;
}

export const snapshotLinePath = (snapshotId: string, priorityId: string) => operationPath(OPEN_DATA_ROUTES.getSnapshotPriority, { id: snapshotId, priorityId });

/** The priority's line of a published snapshot, or undefined when that snapshot does not list it. */
async function readSnapshotLine(snapshotId: string, priorityId: string): Promise<TSnapshotPriority | undefined> {
  const response = await fetch(snapshotLinePath(snapshotId, priorityId), { credentials: 'omit' });
  if (response.status === 404) return undefined;
  await throwIfResponseNotOk(response);
  return (await response.json()) as TSnapshotPriority;
}

async function verify(priorityId: string): Promise<VerifyState> {
  const sha256 = webCryptoSha256();
  if (!sha256) return { kind: 'no-web-crypto' };
  const receipt = await apiRequestJson<TVoteReceipt>(OPEN_DATA_ROUTES.voteReceipt.method, receiptPath(priorityId));
  if (receipt.status === 'pending') return { kind: 'pending', nextSnapshotAt: receipt.nextSnapshotAt };
  const [{ snapshots }, line] = await Promise.all([readSnapshotsAround(receipt.takenAt), readSnapshotLine(receipt.snapshotId, priorityId)]);
  const summary = snapshots.find((snapshot) => snapshot.id === receipt.snapshotId);
  const result = await verifyCountedReceipt(sha256, priorityId, receipt, summary && { summary, line });
  if (!result.ok) return { kind: 'failed', reason: result.reason };
  return { kind: 'counted', voteType: receipt.voteType, takenAt: receipt.takenAt, leafIndex: receipt.leafIndex, treeSize: receipt.treeSize, root: result.root };
}

export function useVerifyVote(priorityId: string) {
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });
  return {
    state,
    run: () => {
      if (state.kind === 'verifying') return;
      setState({ kind: 'verifying' });
      verify(priorityId).then(setState, (error: unknown) =>
        setState(error instanceof ApiError && error.status === 404 ? { kind: 'no-vote' } : { kind: 'load-failed' }),
      );
    },
  };
}
