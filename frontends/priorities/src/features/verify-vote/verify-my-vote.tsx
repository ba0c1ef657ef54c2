// "Verify my vote" on a priority card the citizen voted on (issue 23): the button, then the outcome in
// a polite live region, so a screen reader hears it without losing its place. The card keys this by
// the vote, so a changed or removed vote starts again from the button.
import { Button, cn } from '@civic/frontend-kit';
import { Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useVerifyVote, type VerifyState } from './use-verify-vote.ts';
import { countedDetail, countedText, failureText, pendingText, VERIFY_TEXTS } from './verify-texts.ts';

function Outcome({ state }: { state: VerifyState }) {
  switch (state.kind) {
    case 'idle':
    case 'verifying':
      return null;
    case 'counted':
      return (
        <>
          <span className="flex items-start gap-1.5 font-medium text-green-800">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span data-verify="counted">{countedText(state.voteType, state.takenAt)}</span>
          </span>
          <span className="mt-0.5 block text-xs break-words text-slate-600">
            {countedDetail(state.leafIndex, state.treeSize)} <span className="font-mono break-all">{state.root.slice(0, 16)}…</span>
          </span>
        </>
      );
    case 'pending':
      return (
        <span className="flex items-start gap-1.5 text-slate-700">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span data-verify="pending">{pendingText(state.nextSnapshotAt)}</span>
        </span>
      );
    default:
      return (
        <span className="flex items-start gap-1.5 font-medium text-red-700">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span data-verify="failed">
            {state.kind === 'failed'
              ? failureText(state.reason)
              : state.kind === 'no-vote'
                ? VERIFY_TEXTS.noVote
                : state.kind === 'no-web-crypto'
                  ? VERIFY_TEXTS.noWebCrypto
                  : VERIFY_TEXTS.loadFailed}
          </span>
        </span>
      );
  }
}

export function VerifyMyVote({ priorityId }: { priorityId: string }) {
  const { state, run } = useVerifyVote(priorityId);
  const busy = state.kind === 'verifying';
  return (
    <div className="mt-3 flex flex-col items-start gap-1">
      <Button size="sm" variant="link" onClick={run} disabled={busy} aria-busy={busy}>
        <ShieldCheck className="size-4" aria-hidden="true" /> {busy ? VERIFY_TEXTS.verifying : VERIFY_TEXTS.button}
      </Button>
      {/* Always rendered, so the outcome is announced when it appears. */}
      <p role="status" aria-live="polite" className={cn('min-w-0 text-sm break-words', state.kind === 'idle' && 'sr-only')}>
        <Outcome state={state} />
      </p>
    </div>
  );
}
