// The Issues page's search (issue 38): the whole catalogue is loaded (151 issues), so the search runs
// in the browser, over each issue's title, its category and its top priority's title.
import type { TIssueSummary } from '@civic/contracts/priorities/http';
import { ISSUE_CATEGORIES } from '../priority-listing/issue-categories.ts';

export function filterIssues(issues: readonly TIssueSummary[], search: string): TIssueSummary[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...issues];
  return issues.filter((issue) => [issue.title, issue.category, issue.topPriority?.title ?? ''].some((text) => text.toLowerCase().includes(term)));
}

/** The issues by category, in the categories' order, each group in the catalogue's order; empty groups left out. */
export function groupByCategory(issues: readonly TIssueSummary[]): { category: string; issues: TIssueSummary[] }[] {
  return ISSUE_CATEGORIES.map((category) => ({ category: category as string, issues: issues.filter((issue) => issue.category === category) })).filter(
    (group) => group.issues.length > 0,
  );
}
