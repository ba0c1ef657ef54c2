// spec 2.6: the five issue categories have their own badge colours; anything else is neutral.
// Class names are written out in full so the shell's Tailwind build finds them.
import { ISSUE_CATEGORIES } from '@civic/contracts/priorities/messages';

export { ISSUE_CATEGORIES };
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

const CATEGORY_BADGE_CLASSES: Record<IssueCategory, string> = {
  Economy: 'border-amber-200 bg-amber-100 text-amber-900',
  Healthcare: 'border-red-200 bg-red-100 text-red-800',
  Education: 'border-blue-200 bg-blue-100 text-blue-800',
  Environment: 'border-green-200 bg-green-100 text-green-800',
  'Foreign Policy': 'border-purple-200 bg-purple-100 text-purple-800',
};

export const NEUTRAL_CATEGORY_BADGE_CLASSES = 'border-slate-200 bg-slate-100 text-slate-700';

export function isIssueCategory(value: string): value is IssueCategory {
  return (ISSUE_CATEGORIES as readonly string[]).includes(value);
}

export function categoryBadgeClasses(category: string): string {
  return isIssueCategory(category) ? CATEGORY_BADGE_CLASSES[category] : NEUTRAL_CATEGORY_BADGE_CLASSES;
}
