// What the demo platform holds, decided up front from a seeded PRNG: the same options and issue
// catalogue always give the same plan, which is what makes `npm run seed:demo` idempotent (a second
// run finds every planned item already there). Nothing here touches a service.
import type { TIssue, TVoteType } from '@civic/contracts';
import {
  BIO_OPENERS,
  CATEGORY_SENTENCES,
  CLOSERS,
  DOC_SENTENCES,
  DOC_TITLES,
  DOC_TYPES,
  FIRST_NAMES,
  INTERESTS,
  LAST_NAMES,
  OCCUPATIONS,
  PLACES,
  STANCES,
} from './catalogue.ts';

/** mulberry32: small, fast, and the same sequence on every machine for a given seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** A random permutation of 0..n-1. */
function shuffled(random: Random, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** `count` distinct indexes drawn with probability proportional to `weights` (Efraimidis-Spirakis). */
function weightedSample(random: Random, weights: readonly number[], count: number, exclude?: number): number[] {
  const keyed = weights.map((w, i) => ({ i, key: i === exclude || w <= 0 ? -1 : random() ** (1 / w) }));
  return keyed
    .filter((k) => k.key >= 0)
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map((k) => k.i);
}

export interface PlannedCitizen {
  index: number;
  email: string;
  firstName: string;
  lastName: string;
  location: string;
  occupation: string;
  bio: string;
  birthYear: number;
  /** The citizen whose invitation link brought this one (an earlier index), if any. */
  recruiter: number | null;
  /** A client address of its own (the seed's requests carry it as X-Forwarded-For). */
  ip: string;
}

export interface PlannedPriority {
  index: number;
  author: number;
  issueId: number;
  title: string;
  description: string;
}

export interface PlannedVote {
  citizen: number;
  priority: number;
  voteType: TVoteType;
}

export interface PlannedDocument {
  index: number;
  author: number;
  /** The priority it briefs on, or null (a general document). */
  priority: number | null;
  type: (typeof DOC_TYPES)[number];
  title: string;
  content: string;
}

export interface DemoPlan {
  citizens: PlannedCitizen[];
  priorities: PlannedPriority[];
  votes: PlannedVote[];
  documents: PlannedDocument[];
  /** [follower, followee] pairs of citizen indexes. */
  follows: Array<[number, number]>;
}

export interface PlanOptions {
  citizens: number;
  seed?: number;
  /** Most priorities one citizen creates (the seed stays under max_priorities_per_user_per_day). */
  maxPrioritiesPerCitizen?: number;
}

/** max_briefing_docs_per_user_per_day's default: the most documents one citizen contributes. */
const MAX_DOCUMENTS_PER_CITIZEN = 10;

export const DEMO_EMAIL_DOMAIN = 'demo.civic-agenda.example';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The citizens alone (known before the issue catalogue is read): the same in every plan of these options. */
export function planCitizens(options: PlanOptions): PlannedCitizen[] {
  const random = prng(options.seed ?? 2026);
  const n = options.citizens;
  if (!Number.isInteger(n) || n < 2) throw new Error('--citizens must be a whole number of at least 2');
  const thisYear = new Date().getUTCFullYear();

  const citizens: PlannedCitizen[] = [];
  for (let i = 0; i < n; i++) {
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const occupation = pick(random, OCCUPATIONS);
    const interest = pick(random, INTERESTS);
    // About one in six came through another citizen's invitation link (never through more than 3 of
    // one); the recruiter is at least 8 places earlier, so it exists when a batch of 8 signs up.
    const recruiter = i >= 10 && random() < 0.16 ? Math.floor(random() * (i - 7)) : null;
    citizens.push({
      index: i,
      email: `${local}.${i + 1}@${DEMO_EMAIL_DOMAIN}`,
      firstName,
      lastName,
      location: pick(random, PLACES),
      occupation,
      bio: `${pick(random, BIO_OPENERS)} ${occupation} who cares about ${interest}.`,
      birthYear: thisYear - int(random, 19, 82),
      recruiter,
      ip: `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`,
    });
  }
  const recruitsOf = new Map<number, number>();
  for (const c of citizens) {
    if (c.recruiter === null) continue;
    const so = (recruitsOf.get(c.recruiter) ?? 0) + 1;
    if (so > 3) c.recruiter = null;
    else recruitsOf.set(c.recruiter, so);
  }
  return citizens;
}

export function planDemo(issues: readonly TIssue[], options: PlanOptions): DemoPlan {
  const citizens = planCitizens(options);
  const n = citizens.length;
  if (issues.length === 0) throw new Error('the issue catalogue is empty');
  const random = prng((options.seed ?? 2026) + 1);
  const maxPerCitizen = options.maxPrioritiesPerCitizen ?? 3;

  // Priorities: a few citizens are prolific, most write none. About 0.8 per citizen; the first five
  // cover the five categories, the others any issue.
  const activity = citizens.map(() => random() ** 3);
  const categories = [...new Set(issues.map((i) => i.category))];
  const count = Math.min(Math.max(categories.length, Math.round(n * 0.8)), n * maxPerCitizen, 900);
  const written = new Map<number, number>();
  const priorities: PlannedPriority[] = [];
  const usedTitles = new Set<string>();
  for (let p = 0; p < count; p++) {
    let author = weightedSample(random, activity, 1)[0] ?? 0;
    for (let k = 0; (written.get(author) ?? 0) >= maxPerCitizen && k < n; k++) author = (author + 1) % n;
    written.set(author, (written.get(author) ?? 0) + 1);
    const pool = p < categories.length ? issues.filter((i) => i.category === categories[p]) : issues;
    const issue = pick(random, pool);
    const stance = Math.floor(random() * STANCES.length);
    let title = `${issue.title}: ${STANCES[stance]}`;
    for (let k = 1; usedTitles.has(title) && k < STANCES.length; k++) title = `${issue.title}: ${STANCES[(stance + k) % STANCES.length]}`;
    if (usedTitles.has(title)) title = `${title} (${p + 1})`;
    usedTitles.add(title);
    const place = citizens[author]!.location;
    const sentences = shuffled(random, CATEGORY_SENTENCES[issue.category].length)
      .slice(0, 2)
      .map((s) => fill(CATEGORY_SENTENCES[issue.category][s]!, { issue: issue.title.toLowerCase(), place }));
    priorities.push({ index: p, author, issueId: issue.id, title, description: `${sentences.join(' ')} ${pick(random, CLOSERS)}` });
  }

  // Votes: popularity has a long tail (Zipf over a random order), each priority its own lean (most are
  // endorsed far more than opposed, some are contested), and each citizen votes on a handful to dozens.
  const popularity = shuffled(random, priorities.length).map((rank) => 1 / (rank + 1) ** 0.9);
  const lean = priorities.map(() => (random() < 0.2 ? 0.35 + random() * 0.3 : 0.7 + random() * 0.28));
  const votes: PlannedVote[] = [];
  for (const c of citizens) {
    const own = priorities.filter((p) => p.author === c.index).map((p) => p.index);
    const many = Math.min(priorities.length, Math.round(2 + 30 * random() ** 2.5));
    const chosen = new Set([...own, ...weightedSample(random, popularity, many)]);
    for (const p of chosen) {
      votes.push({ citizen: c.index, priority: p, voteType: own.includes(p) || random() < lean[p]! ? 'endorse' : 'oppose' });
    }
  }

  // Briefing documents: about one per four citizens, most about a popular priority.
  const documents: PlannedDocument[] = [];
  const docCount = Math.max(1, Math.round(n / 4));
  const contributed = new Map<number, number>();
  for (let d = 0; d < docCount; d++) {
    let author = weightedSample(random, activity, 1)[0] ?? 0;
    // The seed stays under max_briefing_docs_per_user_per_day (SECURITY 30), as under the priorities' limit.
    for (let k = 0; (contributed.get(author) ?? 0) >= MAX_DOCUMENTS_PER_CITIZEN && k < n; k++) author = (author + 1) % n;
    contributed.set(author, (contributed.get(author) ?? 0) + 1);
    const priority = random() < 0.85 ? (weightedSample(random, popularity, 1)[0] ?? null) : null;
    const issue = priority === null ? pick(random, issues) : issues.find((i) => i.id === priorities[priority]!.issueId)!;
    const type = pick(random, DOC_TYPES);
    let title = fill(pick(random, DOC_TITLES[type]), { issue: issue.title });
    if (documents.some((doc) => doc.title === title)) title = `${title} (part ${d + 1})`;
    const content = shuffled(random, DOC_SENTENCES.length)
      .slice(0, int(random, 3, 5))
      .map((s) => fill(DOC_SENTENCES[s]!, { issue: issue.title.toLowerCase() }))
      .join(' ');
    documents.push({ index: d, author, priority, type, title, content });
  }

  // Follows: a power-law in-degree (a few well-known citizens, most followed by a handful), each
  // citizen following 1 to ~20 others.
  const fame = shuffled(random, n).map((rank) => 1 / (rank + 1) ** 1.1);
  const follows: Array<[number, number]> = [];
  for (const c of citizens) {
    const many = Math.min(n - 1, Math.round(1 + 19 * random() ** 2));
    for (const followee of weightedSample(random, fame, many, c.index)) follows.push([c.index, followee]);
  }

  return { citizens, priorities, votes, documents, follows };
}
