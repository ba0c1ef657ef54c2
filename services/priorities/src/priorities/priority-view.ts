// A priority row joined with its issue, its author's member row and the caller's vote, as the API
// answers it (spec 3 "Priority"). One SELECT shape serves the list and the answer of a create.
import type { TIssue, TPriority, TUserVote, TVoteType } from '@civic/contracts';

/** Shown for the author of a priority whose account was deleted (docs/protocols/account-data.md). */
export const DELETED_AUTHOR = { id: null, firstName: 'Deleted', lastName: 'user' } as const;

export interface PriorityRow {
  id: string;
  title: string;
  description: string;
  issue_id: number | null;
  created_at: Date | string;
  author_id: string | null;
  endorsements: number;
  oppositions: number;
  is_active: boolean;
  issue_title: string | null;
  issue_category: string | null;
  first_name: string | null;
  last_name: string | null;
  user_vote: string | null;
  user_vote_changed_at: Date | string | null;
}

/**
 * The columns of PriorityRow over a derived table `p` of priorities rows. $1 is the viewer's id
 * (their vote and their last change of it are joined by primary key); the caller appends joins of its own and ORDER BY, and
 * names their columns in `extraColumns` (", c.x, ...").
 */
export function selectPriorityViews(page: string, extraColumns = ''): string {
  return `SELECT p.id, p.title, p.description, p.issue_id, p.created_at, p.author_id, p.endorsements, p.oppositions,
       p.is_active, i.title AS issue_title, i.category AS issue_category, m.first_name, m.last_name, v.vote_type AS user_vote,
       vc.last_changed_at AS user_vote_changed_at${extraColumns}
  FROM (${page}) p
  LEFT JOIN priorities.issues i ON i.id = p.issue_id
  LEFT JOIN priorities.members m ON m.user_id = p.author_id
  LEFT JOIN priorities.votes v ON v.priority_id = p.id AND v.user_id = $1::uuid
  LEFT JOIN priorities.vote_changes vc ON vc.priority_id = p.id AND vc.user_id = $1::uuid`;
}

/** The caller's vote as the API answers it, with their last change on the priority (the cooldown's start). */
export function userVoteOf(voteType: TVoteType, lastChangedAt: Date | string | null): TUserVote {
  return { voteType, lastChangedAt: lastChangedAt === null ? null : new Date(lastChangedAt).toISOString() };
}

export function toPriorityView(row: PriorityRow, rank: number | null): TPriority {
  const issue: TIssue | null =
    row.issue_id === null ? null : { id: Number(row.issue_id), title: row.issue_title!, category: row.issue_category as TIssue['category'] };
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    issueId: row.issue_id === null ? null : Number(row.issue_id),
    createdAt: new Date(row.created_at).toISOString(),
    author: row.author_id === null ? { ...DELETED_AUTHOR } : { id: row.author_id, firstName: row.first_name, lastName: row.last_name },
    endorsements: Number(row.endorsements),
    oppositions: Number(row.oppositions),
    issue,
    userVote: row.user_vote ? userVoteOf(row.user_vote as TVoteType, row.user_vote_changed_at) : null,
    isActive: row.is_active,
    rank,
  };
}
