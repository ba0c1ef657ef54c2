// Spec 2.5–2.7 and 8 texts of the priorities screens, in one place for the pages and their tests.
export const PRIORITY_TOASTS = {
  errorTitle: 'Error',
  voteRecorded: 'Vote recorded',
  voteRecordedDescription: 'Your vote has been recorded successfully.',
  voteRemoved: 'Vote removed',
  voteRemovedDescription: 'Your vote has been removed.',
  voteFailed: 'Failed to record vote. Please try again.',
  removeVoteFailed: 'Failed to remove vote. Please try again.',
  promoted: 'Priority promoted',
  promoteInsufficient: "You don't have enough political capital to promote this priority.",
  promoteFailed: 'Failed to promote priority. Please try again.',
  created: 'Priority created',
  createdDescription: 'Your priority is live. You earned 5 political capital (+5 PC).',
  createFailed: 'Failed to create priority. Please try again.',
} as const;

/**
 * Spec 8's "Priority promoted" text with the amount charged: the promotion's answer carries it (the
 * priority_promotion_cost setting when it was bought; spec 9's 50 by default).
 */
export function promotedDescription(cost: number): string {
  return `You've successfully promoted this priority using ${cost.toLocaleString('en-US')} political capital.`;
}

export const PRIORITY_LIST_TEXTS = {
  noMatches: 'No matching priorities found',
  noMatchesHint: 'Try a different search or category.',
  noPriorities: 'No priorities yet',
  noPrioritiesHint: 'Be the first to set the agenda: create a priority.',
  loadMore: 'Load More Priorities',
  loading: 'Loading priorities...',
  failed: 'Priorities could not be loaded. Please try again later.',
  stateLabel: 'State',
  nationalOption: 'Nationwide',
} as const;

/**
 * The agenda by state's summary (issue 23): who was counted, the k-anonymity rule, and that a change
 * of state or visibility counts from the next hourly epoch (issue 35, docs/ranking.md section 7a).
 */
export function stateVotersText(votersCounted: number, stateName: string, minVoters: number): string {
  const voters = `${votersCounted.toLocaleString('en-US')} ${votersCounted === 1 ? 'voter' : 'voters'}`;
  return `Ranked by ${voters} counted in ${stateName} (public profiles that share their state). A priority's tally in ${stateName} shows once ${minVoters} of them voted on it. A change of state or visibility counts from the next full hour.`;
}

/** "1 priority", "12 priorities". */
export function priorityCountText(count: number): string {
  return `${count} ${count === 1 ? 'priority' : 'priorities'}`;
}
