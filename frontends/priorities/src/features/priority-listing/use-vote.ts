// Endorse / oppose a priority (spec 4): pressing the current vote removes it, the other button
// records that vote; both wait while a request runs. Toasts per spec 8; a 401 opens the sign-in
// dialog instead (the shared MutationCache does that for every mutation).
import type { TPriority, TVoteResult, TVoteType } from '@civic/contracts/priorities/http';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequestJson, isUnauthorizedError, toast } from '@civic/frontend-kit';
import { applyVoteResult, refetchPriorityLists, votePath } from './priority-queries.ts';
import { PRIORITY_TOASTS } from './priority-texts.ts';
import { useVoteCooldown } from './use-vote-cooldown.ts';

interface VoteChange {
  voteType: TVoteType;
  /** true: the button of the current vote was pressed, so the vote is taken back. */
  remove: boolean;
}

/**
 * The refusal shown to the voter: the server's message when it wrote one for citizens (spec 8 "server
 * message preferred": a change inside vote_change_cooldown_hours says when it is allowed again), spec 8's
 * text otherwise (a network failure, a 500's generic body).
 */
function voteFailureText(error: unknown, remove: boolean): string {
  const serverMessage = error instanceof ApiError && error.status !== 500 ? error.serverMessage : null;
  return serverMessage ?? (remove ? PRIORITY_TOASTS.removeVoteFailed : PRIORITY_TOASTS.voteFailed);
}

export function useVote(priority: Pick<TPriority, 'id' | 'userVote'>) {
  const mutation = useMutation({
    mutationFn: ({ voteType, remove }: VoteChange) =>
      remove ? apiRequestJson<TVoteResult>('DELETE', votePath(priority.id)) : apiRequestJson<TVoteResult>('POST', votePath(priority.id), { voteType }),
    onSuccess: (result, { remove }) => {
      applyVoteResult(result);
      toast(
        remove
          ? { title: PRIORITY_TOASTS.voteRemoved, description: PRIORITY_TOASTS.voteRemovedDescription, variant: 'success' }
          : { title: PRIORITY_TOASTS.voteRecorded, description: PRIORITY_TOASTS.voteRecordedDescription, variant: 'success' },
      );
    },
    onError: (error, { remove }) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PRIORITY_TOASTS.errorTitle, description: voteFailureText(error, remove), variant: 'destructive' });
    },
    onSettled: () => refetchPriorityLists(),
  });

  const currentVote = priority.userVote?.voteType ?? null;
  const cooldownMsLeft = useVoteCooldown(priority.userVote);
  return {
    currentVote,
    isVoting: mutation.isPending,
    /** > 0 while a switch or removal would be refused (vote_change_cooldown_hours). */
    cooldownMsLeft,
    /** Press the Endorse or Oppose button. */
    press: (voteType: TVoteType) => {
      if (mutation.isPending) return;
      mutation.mutate({ voteType, remove: currentVote === voteType });
    },
  };
}
