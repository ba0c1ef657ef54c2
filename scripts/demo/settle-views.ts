// When a deployment reached over HTTP has taken in every event of the seed. The seed cannot see the
// outboxes or the JetStream consumers from there, so it reads what the citizens can see until each
// read model agrees with its source and the sources hold what the plan made:
// - the ledger holds each citizen's credits (the initial PC, one per priority, briefing document and
//   recruit: all made from events), and auth's and account's copies of the balance equal its sum;
// - social counts each citizen's follows, auth's and account's copies of the counts equal them, and
//   social's activity feed has one entry per priority, vote and document the citizen made;
// - auth, and the priorities service's author names, hold the profile names the seed wrote.
// Counts are "at least" the plan's where other citizens of a live deployment may add to them.
import { setTimeout as sleep } from 'node:timers/promises';
import { LEDGER_DESCRIPTIONS, type TAccountStats, type TPoliticalCapitalTransaction, type TPriority, type TUser } from '@civic/contracts';
import { type Browser, expectStatus, forEach } from './browser.ts';
import type { SeededDemo } from './transport.ts';

async function read<T>(browser: Browser, url: string): Promise<T> {
  const answer = await browser.request<T>('GET', url);
  expectStatus(answer, [200], url);
  return answer.body;
}

async function transactionsOf(browser: Browser): Promise<TPoliticalCapitalTransaction[]> {
  const all: TPoliticalCapitalTransaction[] = [];
  for (;;) {
    const page = await read<TPoliticalCapitalTransaction[]>(browser, `/api/political-capital/transactions?limit=100&offset=${all.length}`);
    all.push(...page);
    if (page.length < 100) return all;
  }
}

/** Why citizen `index`'s views do not show the seed's work yet, or null when they do. */
async function citizenLag(seeded: SeededDemo, index: number): Promise<string | null> {
  const { plan, browsers, userIds } = seeded;
  const browser = browsers[index]!;
  const citizen = plan.citizens[index]!;
  const who = `${citizen.firstName} ${citizen.lastName}`;
  const authored = (list: readonly { author: number }[]) => list.filter((item) => item.author === index).length;

  const entries = await transactionsOf(browser);
  const credits = (description: string) => entries.filter((e) => e.description === description).length;
  const wanted: Array<[string, number]> = [
    [LEDGER_DESCRIPTIONS.initial, 1],
    [LEDGER_DESCRIPTIONS.priority_created, authored(plan.priorities)],
    [LEDGER_DESCRIPTIONS.briefing_created, authored(plan.documents)],
    [LEDGER_DESCRIPTIONS.recruit_joined, plan.citizens.filter((c) => c.recruiter === index).length],
  ];
  for (const [description, count] of wanted) {
    if (credits(description) < count) return `${who}'s ledger has ${credits(description)} of ${count} "${description}"`;
  }
  const balance = entries.reduce((sum, e) => sum + e.amount, 0);

  const stats = await read<TAccountStats>(browser, '/api/account/stats');
  const activities = authored(plan.priorities) + authored(plan.documents) + plan.votes.filter((v) => v.citizen === index).length;
  if (stats.activitiesCount < activities) return `${who} has ${stats.activitiesCount} of ${activities} activities`;
  const followers = plan.follows.filter(([, b]) => b === index).length;
  const following = plan.follows.filter(([a]) => a === index).length;
  if (stats.followersCount < followers || stats.followingCount < following) return `${who}'s follows are not all counted yet`;

  const user = await read<TUser>(browser, '/api/auth/user');
  if (user.firstName !== citizen.firstName || user.lastName !== citizen.lastName) return `auth does not have ${who}'s name yet`;
  if (user.politicalCapital !== balance) return `auth shows ${who} ${user.politicalCapital} PC of the ledger's ${balance}`;
  if (user.followers !== stats.followersCount || user.following !== stats.followingCount) return `auth does not have ${who}'s counts yet`;

  const profile = await read<{ politicalCapital?: number; followers?: number; following?: number }>(browser, `/api/users/${userIds[index]}/profile`);
  if (profile.politicalCapital !== balance) return `${who}'s profile shows ${profile.politicalCapital} PC of the ledger's ${balance}`;
  if (profile.followers !== stats.followersCount || profile.following !== stats.followingCount) return `${who}'s profile does not have the counts yet`;
  return null;
}

/** Why the priorities service's author names are not the seeded ones yet, or null. */
async function authorNamesLag(seeded: SeededDemo): Promise<string | null> {
  const listed = await read<TPriority[]>(seeded.browsers[0]!, '/api/priorities?limit=1000');
  const byId = new Map(listed.map((p) => [p.id, p]));
  for (const planned of seeded.plan.priorities) {
    const author = seeded.plan.citizens[planned.author]!;
    const served = byId.get(seeded.priorityIds[planned.index]!);
    if (served?.author.firstName !== author.firstName || served.author.lastName !== author.lastName) {
      return `priority "${planned.title}" does not show its author's name yet`;
    }
  }
  return null;
}

/** Reads until every view agrees; a citizen whose views agree is not read again (each condition only ever becomes true). */
export async function settleViews(seeded: SeededDemo, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let pending = seeded.plan.citizens.map((c) => c.index);
  let names = false;
  for (;;) {
    const lagging: number[] = [];
    let last: string | null = null;
    await forEach(pending, 8, async (index) => {
      const lag = await citizenLag(seeded, index);
      if (lag) {
        lagging.push(index);
        last = lag;
      }
    });
    pending = lagging;
    if (!names) {
      const lag = await authorNamesLag(seeded);
      names = lag === null;
      last ??= lag;
    }
    if (pending.length === 0 && names) return;
    if (Date.now() > deadline) throw new Error(`the events did not finish flowing in time (${last}); run the seed again to finish`);
    await sleep(250);
  }
}
