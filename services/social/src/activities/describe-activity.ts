// The text a feed shows for each kind of activity (spec 3 "Activity": description). Written once,
// when the activity is recorded: a later edit of the title does not rewrite history. A follow's
// ("Followed <first> <last>", or "Followed a citizen" without a name) is written by the SQL function
// follow_user (prisma/functions/follow_user.sql), in the follow's own statement.
import type { TActivityType } from '@civic/contracts';

export function describeActivity(type: Exclude<TActivityType, 'follow'>, title: string): string {
  switch (type) {
    case 'create_priority':
      return `Created priority "${title}"`;
    case 'endorse':
      return `Endorsed "${title}"`;
    case 'oppose':
      return `Opposed "${title}"`;
    case 'create_briefing':
      return `Created briefing document "${title}"`;
  }
}
