// The Issues page (issue 38) at /issues: the national issues by category, each with its priority
// count and top priority, a search box, and a link to each issue's page (issue-page.tsx).
import type { TIssueSummary } from '@civic/contracts/priorities/http';
import { AppLink, Card, cn, Input } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { categoryBadgeClasses } from '../priority-listing/issue-categories.ts';
import { ISSUES_PATH } from '../priority-listing/priority-queries.ts';
import { filterIssues, groupByCategory } from './filter-issues.ts';
import { ISSUES_TEXTS, issueCountText, priorityCountOf } from './issue-texts.ts';

export const issuePageHref = (issueId: number) => `/issues/${issueId}`;

function IssueRow({ issue }: { issue: TIssueSummary }) {
  return (
    <li>
      <AppLink
        href={issuePageHref(issue.id)}
        className="flex flex-col gap-1 rounded-md border border-slate-200 bg-white p-4 hover:border-primary hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="font-semibold text-slate-900">{issue.title}</span>
          <span className="shrink-0 text-sm text-slate-600">{priorityCountOf(issue.priorityCount)}</span>
        </span>
        <span className="text-sm text-slate-600">
          {issue.topPriority ? (
            <>
              {ISSUES_TEXTS.topPriority} <span className="text-slate-800">{issue.topPriority.title}</span>
            </>
          ) : (
            ISSUES_TEXTS.noPriorityYet
          )}
        </span>
      </AppLink>
    </li>
  );
}

export function IssuesPage() {
  const [search, setSearch] = useState('');
  // Read again on every visit: counts and top priorities move with votes and creations (the server keeps them a second).
  const query = useQuery<TIssueSummary[]>({ queryKey: [ISSUES_PATH], refetchOnMount: 'always' });
  const shown = useMemo(() => filterIssues(query.data ?? [], search), [query.data, search]);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{ISSUES_TEXTS.title}</h1>
        <p className="mt-1 text-slate-600">{ISSUES_TEXTS.intro}</p>
      </header>
      <div role="search" aria-label="Filter issues" className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label={ISSUES_TEXTS.searchLabel}
          placeholder={ISSUES_TEXTS.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {query.isPending ? (
        <div role="status" aria-label={ISSUES_TEXTS.loading} className="grid gap-4">
          {[0, 1, 2].map((key) => (
            <Card key={key} className="h-24 animate-pulse bg-slate-100" />
          ))}
        </div>
      ) : query.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {ISSUES_TEXTS.failed}
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {issueCountText(shown.length, query.data.length)}
          </p>
          {shown.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <h2 className="text-lg font-semibold text-slate-900">{ISSUES_TEXTS.noMatches}</h2>
              <p className="text-sm text-slate-600">{ISSUES_TEXTS.noMatchesHint}</p>
            </Card>
          ) : (
            groupByCategory(shown).map((group) => (
              <section key={group.category} aria-label={group.category} className="grid gap-3">
                <h2 className="flex items-center gap-2 text-xl font-semibold text-slate-900">
                  <span className={cn('rounded-full border px-2.5 py-0.5 text-sm font-medium', categoryBadgeClasses(group.category))}>{group.category}</span>
                </h2>
                <ul aria-label={`${group.category} issues`} className="grid gap-3 sm:grid-cols-2">
                  {group.issues.map((issue) => (
                    <IssueRow key={issue.id} issue={issue} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </div>
  );
}
