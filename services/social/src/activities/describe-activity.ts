// The text a feed shows for each kind of activity (spec 3 "Activity": description). Written once,
// when the activity is recorded: a later edit of the title does not rewrite history.
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

/**
 * A follow's activity (spec 3 "Activity" type follow): "Followed <first> <last>", with the names
 * social holds when the follow happens; a citizen who has not set a name yet is "a citizen".
 */
export function describeFollow(firstName: string | null, lastName: string | null): string {
  const name = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return `Followed ${name || 'a citizen'}`;
}
