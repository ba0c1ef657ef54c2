// Texts of the Issues page and an issue's page (issue 38), in one place for the pages and their tests.
export const ISSUES_TEXTS = {
  title: 'Issues',
  intro: 'The national issues citizens set priorities on, by category. Open one to see its priorities and vote on them.',
  searchLabel: 'Search issues',
  searchPlaceholder: 'Search issues...',
  noMatches: 'No matching issues found',
  noMatchesHint: 'Try a different search.',
  loading: 'Loading issues...',
  failed: 'Issues could not be loaded. Please try again later.',
  topPriority: 'Top priority:',
  noPriorityYet: 'No priorities yet',
  backToIssues: 'All Issues',
  issueNotFound: 'Issue not found',
  issueNotFoundHint: 'This issue does not exist. Choose one from the list of issues.',
  noIssuePriorities: 'No priorities on this issue yet',
  noIssuePrioritiesHint: 'Be the first to set the agenda on it: create a priority and choose this issue.',
} as const;

export const priorityCountOf = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'priority' : 'priorities'}`;

/** "Showing 2 of 151 issues" while searching, "151 issues" otherwise. */
export function issueCountText(shown: number, total: number): string {
  return shown === total ? `${total} issues` : `Showing ${shown} of ${total} issues`;
}
