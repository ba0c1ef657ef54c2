// What a batch of notifications says, in lines a person reads (pure: compose-digest.ts lays them
// out as text and HTML). Votes of one citizen on one priority count once (the newest stands); acts
// of the same kind on the same subject are gathered into one line ("12 citizens endorsed …"), naming
// at most three of those the recipient may see named.
import type { TNotificationKind } from '@civic/contracts';

export interface DigestItem {
  kind: TNotificationKind;
  actorId: string | null;
  /** The actor's name as this recipient may see it; null: not named (private to them, or no name yet). */
  actorName: string | null;
  subjectId: string | null;
  subjectTitle: string | null;
}

export interface DigestLine {
  section: 'priorities' | 'network';
  /** The sentence, with `title` where the quoted title goes (so HTML can mark it up). */
  text: string;
  /** Where the line leads (a path of the app), if anywhere. */
  path: string;
}

const NAMED_AT_MOST = 3;
const quote = (title: string | null) => `“${title ?? 'untitled'}”`;

function citizens(count: number): string {
  return count === 1 ? 'A citizen' : `${count} citizens`;
}

/** "Jane Doe", "A citizen", or "12 citizens, among them Jane Doe and John Smith," */
function whoDidIt(items: readonly DigestItem[]): string {
  // One citizen who did it twice (promoted twice) is one citizen.
  const count = new Set(items.map((i, index) => i.actorId ?? `unknown-${index}`)).size;
  const names = [...new Set(items.map((i) => i.actorName).filter((n): n is string => n !== null))];
  if (count === 1) return names[0] ?? 'A citizen';
  if (names.length === 0) return citizens(count);
  const shown = names.slice(0, NAMED_AT_MOST);
  const listed = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `${citizens(count)}, among them ${listed},`;
}

/** The newest vote of each citizen on each priority (items come oldest first). */
function latestVotes(items: readonly DigestItem[]): DigestItem[] {
  const byVoter = new Map<string, DigestItem>();
  for (const item of items) {
    if (item.kind !== 'endorsed' && item.kind !== 'opposed') continue;
    byVoter.set(`${item.subjectId}/${item.actorId}`, item);
  }
  return [...byVoter.values()];
}

function groupBy(items: readonly DigestItem[], key: (item: DigestItem) => string): DigestItem[][] {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return [...groups.values()];
}

const LINE_OF: Record<TNotificationKind, (group: DigestItem[]) => DigestLine> = {
  endorsed: (g) => ({ section: 'priorities', text: `${whoDidIt(g)} endorsed your priority ${quote(g[0]!.subjectTitle)}.`, path: '/priorities' }),
  opposed: (g) => ({ section: 'priorities', text: `${whoDidIt(g)} opposed your priority ${quote(g[0]!.subjectTitle)}.`, path: '/priorities' }),
  entered_top_ten: (g) => ({ section: 'priorities', text: `Your priority ${quote(g[0]!.subjectTitle)} entered the top 10.`, path: '/priorities' }),
  promoted: (g) => ({ section: 'priorities', text: `${whoDidIt(g)} promoted your priority ${quote(g[0]!.subjectTitle)}.`, path: '/priorities' }),
  followed: (g) => ({ section: 'network', text: `${whoDidIt(g)} followed you.`, path: '/network' }),
  followee_priority: (g) => ({
    section: 'network',
    text: `${g[0]!.actorName ?? 'Someone you follow'} created the priority ${quote(g[0]!.subjectTitle)}.`,
    path: '/priorities',
  }),
  followee_document: (g) => ({
    section: 'network',
    text: `${g[0]!.actorName ?? 'Someone you follow'} contributed the briefing document ${quote(g[0]!.subjectTitle)}.`,
    path: '/briefing-room',
  }),
  recruit_joined: (g) => ({
    section: 'network',
    text: `${whoDidIt(g)} joined Civic Agenda through your invitation: you earn political capital for each citizen you recruit.`,
    path: '/network',
  }),
};

/** Which items one line gathers: per kind and subject; a new priority or document is a line each. */
function lineKey(item: DigestItem): string {
  const own = item.kind === 'followee_priority' || item.kind === 'followee_document';
  return own ? `${item.kind}/${item.subjectId}/${item.actorId}` : `${item.kind}/${item.subjectId ?? ''}`;
}

/** The lines of a batch, priorities first, each section in the order its first item came. */
export function describeNotifications(items: readonly DigestItem[]): DigestLine[] {
  const votes = latestVotes(items);
  const rest = items.filter((i) => i.kind !== 'endorsed' && i.kind !== 'opposed');
  const ordered = [...votes, ...rest];
  const lines = groupBy(ordered, lineKey).map((group) => LINE_OF[group[0]!.kind](group));
  return [...lines.filter((l) => l.section === 'priorities'), ...lines.filter((l) => l.section === 'network')];
}
