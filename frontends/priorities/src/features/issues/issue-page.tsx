// An issue's page (issue 38) at /issues/{id}: the issue with its category and priority count, and its
// priorities in rank order with the same cards, votes, promotion and live counts as All Priorities; Load More
// reads the next keyset page. An unknown issue shows "Issue not found" with the way back.
import { ApiError, AppLink, Button, Card, cn } from '@civic/frontend-kit';
import { ArrowLeft } from 'lucide-react';
import { categoryBadgeClasses } from '../priority-listing/issue-categories.ts';
import { useLivePriorities } from '../priority-listing/live-priorities.ts';
import { PriorityCard } from '../priority-listing/priority-card.tsx';
import { PRIORITY_LIST_TEXTS } from '../priority-listing/priority-texts.ts';
import { ISSUES_TEXTS, priorityCountOf } from './issue-texts.ts';
import { useIssuePages } from './use-issue-pages.ts';

function Notice({ title, hint }: { title: string; hint: string }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{hint}</p>
    </Card>
  );
}

export function IssuePage({ issueId }: { issueId: number }) {
  const { first, issue, priorities, canLoadMore, loadMore } = useIssuePages(issueId);
  // Counts move live here as on All Priorities (the stream refetches this page's reads too).
  useLivePriorities();
  const notFound = first.isError && first.error instanceof ApiError && first.error.status === 404;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <AppLink href="/issues" className="flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {ISSUES_TEXTS.backToIssues}
      </AppLink>
      {first.isPending ? (
        <div role="status" aria-label={PRIORITY_LIST_TEXTS.loading} className="grid gap-4">
          {[0, 1, 2].map((key) => (
            <Card key={key} className="h-40 animate-pulse bg-slate-100" />
          ))}
        </div>
      ) : notFound ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">{ISSUES_TEXTS.issueNotFound}</h1>
          <Notice title={ISSUES_TEXTS.issueNotFound} hint={ISSUES_TEXTS.issueNotFoundHint} />
        </>
      ) : !issue ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {PRIORITY_LIST_TEXTS.failed}
        </p>
      ) : (
        <>
          <header className="grid gap-2">
            <span className={cn('w-fit rounded-full border px-2.5 py-0.5 text-xs font-medium', categoryBadgeClasses(issue.category))}>{issue.category}</span>
            <h1 className="text-3xl font-bold text-slate-900">{issue.title}</h1>
            <p role="status" className="text-sm text-slate-600">
              {priorityCountOf(issue.priorityCount)}
            </p>
          </header>
          {priorities.length === 0 ? (
            <Notice title={ISSUES_TEXTS.noIssuePriorities} hint={ISSUES_TEXTS.noIssuePrioritiesHint} />
          ) : (
            <ul aria-label={`Priorities on ${issue.title}`} className="grid gap-4">
              {priorities.map((priority) => (
                <li key={priority.id}>
                  <PriorityCard priority={priority} />
                </li>
              ))}
            </ul>
          )}
          {canLoadMore && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={loadMore}>
                {PRIORITY_LIST_TEXTS.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
