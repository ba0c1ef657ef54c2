// One priority in a list (spec 2.6): optional #rank, title, description, author, age, issue
// category badge, endorsement and opposition counts, Endorse / Oppose / Promote, and Report while
// citizens may report content (issue 20; the kit's ReportAction hides it on one's own priority),
// "Verify my vote" on a priority the citizen voted on, and its state tally in the agenda by state (issue 23).
import type { TPriority, TStatePriority, TVoteType } from '@civic/contracts/priorities/http';
import { voteCooldownCardText } from '@civic/contracts/priorities/messages';
import { notEnoughVotesMessage, usStateName, type UsStateCode } from '@civic/contracts/account/us-states';
import { Megaphone, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { ageText, Button, Card, cn, ReportAction } from '@civic/frontend-kit';
import { VerifyMyVote } from '../verify-vote/verify-my-vote.tsx';
import { categoryBadgeClasses } from './issue-categories.ts';
import { usePromote } from './use-promote.ts';
import { useVote } from './use-vote.ts';

export function authorNameOf(author: TPriority['author']): string {
  const name = [author.firstName, author.lastName].filter(Boolean).join(' ').trim();
  return name || 'Anonymous citizen';
}

const countText = (count: number, singular: string, plural: string) => `${count} ${count === 1 ? singular : plural}`;

/** The agenda by state's line (issue 23): the tally among the state's voters, or why there is none. */
function StateTally({ priority, state }: { priority: TStatePriority; state: UsStateCode }) {
  const tally = priority.stateTally;
  return (
    <p className="mt-3 text-sm font-medium text-slate-800" data-state-tally={tally ? 'shown' : 'hidden'}>
      {tally
        ? `In ${usStateName(state)}: ${countText(tally.endorsements, 'endorsement', 'endorsements')}, ${countText(tally.oppositions, 'opposition', 'oppositions')}`
        : notEnoughVotesMessage(state)}
    </p>
  );
}

const isStatePriority = (priority: TPriority): priority is TStatePriority => 'stateTally' in priority;

export function PriorityCard({ priority, showRank = false, state }: { priority: TPriority; showRank?: boolean; state?: UsStateCode }) {
  const titleId = useId();
  const cooldownId = useId();
  const vote = useVote(priority);
  const coolingDown = vote.cooldownMsLeft > 0;
  const promotion = usePromote(priority.id);
  const rank = showRank ? priority.rank : null;

  const voteButton = (voteType: TVoteType, label: string) => {
    const active = vote.currentVote === voteType;
    const Icon = voteType === 'endorse' ? ThumbsUp : ThumbsDown;
    return (
      <Button
        size="sm"
        variant="outline"
        aria-pressed={active}
        // Inside the change cooldown every press is a change (a switch or a removal): refused, so not offered.
        disabled={vote.isVoting || coolingDown}
        aria-describedby={coolingDown ? cooldownId : undefined}
        onClick={() => vote.press(voteType)}
        className={cn(
          active && voteType === 'endorse' && 'border-green-600 bg-green-50 text-green-800 hover:bg-green-100',
          active && voteType === 'oppose' && 'border-red-600 bg-red-50 text-red-800 hover:bg-red-100',
        )}
      >
        <Icon className={cn('size-4', active && 'fill-current')} aria-hidden="true" /> {label}
      </Button>
    );
  };

  return (
    <Card role="article" aria-labelledby={titleId} className="p-4 sm:p-5" data-priority-id={priority.id}>
      <div className="flex items-start gap-3">
        {rank !== null && (
          <span className="shrink-0 rounded-md bg-primary px-2 py-1 text-sm font-bold text-white tabular-nums" role="img" aria-label={`Rank ${rank}`}>
            #{rank}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
              {priority.title}
            </h3>
            {priority.issue && (
              <span
                className={cn('shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-medium', categoryBadgeClasses(priority.issue.category))}
                title={priority.issue.title}
              >
                {priority.issue.category}
              </span>
            )}
          </div>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{priority.description}</p>
          <p className="mt-2 text-xs text-slate-500">
            by <span className="font-medium text-slate-700">{authorNameOf(priority.author)}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {ageText(priority.createdAt)}
            {priority.issue && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, issue: </span>
                {priority.issue.title}
              </>
            )}
          </p>
          {state && isStatePriority(priority) && <StateTally priority={priority} state={state} />}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <p className="flex gap-4 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <ThumbsUp className="size-4 text-green-700" aria-hidden="true" />
            <span data-count="endorsements">{countText(priority.endorsements, 'endorsement', 'endorsements')}</span>
          </span>
          <span className="flex items-center gap-1">
            <ThumbsDown className="size-4 text-red-700" aria-hidden="true" />
            <span data-count="oppositions">{countText(priority.oppositions, 'opposition', 'oppositions')}</span>
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {voteButton('endorse', 'Endorse')}
          {voteButton('oppose', 'Oppose')}
          <Button size="sm" variant="secondary" disabled={promotion.isDisabled} onClick={promotion.promote}>
            <Megaphone className="size-4" aria-hidden="true" /> {promotion.isPromoting ? 'Promoting...' : 'Promote'}
          </Button>
          <ReportAction targetType="priority" targetId={priority.id} authorId={priority.author.id} title={priority.title} />
        </div>
      </div>
      {coolingDown && (
        <p id={cooldownId} className="mt-2 text-right text-xs text-slate-600" data-vote-cooldown>
          {voteCooldownCardText(vote.cooldownMsLeft)}
        </p>
      )}
      {/* Keyed by the vote: a changed vote has a new receipt, so an earlier outcome no longer holds. */}
      {vote.currentVote && <VerifyMyVote key={vote.currentVote} priorityId={priority.id} />}
    </Card>
  );
}
