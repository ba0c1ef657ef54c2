// What the demo citizens do, through the public API only, whichever transport carries it: sign in
// (new ones sign up, some through another's invitation link), fill their profiles, create
// priorities, vote, write briefing documents, follow each other. Before writing, each step looks
// whether the planned item is already there, and a vote or follow already made changes nothing, so a
// second run writes nothing at all.
import type { TIssue, TPriority } from '@civic/contracts';
import { type Browser, expectStatus, forEach } from './browser.ts';
import { planCitizens, planDemo, type DemoPlan, type PlanOptions, type PlannedCitizen } from './plan.ts';
import type { DemoTransport, SeededDemo } from './transport.ts';

export interface SeedDemoSummary {
  citizens: { created: number; existing: number };
  priorities: { created: number; existing: number };
  votes: { cast: number; unchanged: number };
  documents: { created: number; existing: number };
  follows: number;
  profilesUpdated: number;
  plan: DemoPlan;
  /** Citizen index -> user id. */
  userIds: string[];
  /** Planned priority index -> priority id. */
  priorityIds: string[];
}

/** Every citizen signed in, in batches of 8 (a recruiter is always at least 8 places earlier: plan.ts). */
async function signInCitizens(transport: DemoTransport, citizens: PlannedCitizen[]) {
  const browsers: Browser[] = [];
  const userIds: string[] = [];
  const summary = { created: 0, existing: 0 };
  const signIn = async (c: PlannedCitizen) => {
    const { browser, userId, created } = await transport.signIn(c, c.recruiter === null ? undefined : userIds[c.recruiter]);
    browsers[c.index] = browser;
    userIds[c.index] = userId;
    summary[created ? 'created' : 'existing']++;
  };
  for (let i = 0; i < citizens.length; i += 8) await forEach(citizens.slice(i, i + 8), 8, signIn);
  return { browsers, userIds, summary };
}

export async function runCitizenSteps(
  transport: DemoTransport,
  options: PlanOptions,
  log: (line: string) => void,
): Promise<{ summary: SeedDemoSummary; seeded: SeededDemo }> {
  const citizens = planCitizens(options);
  const { browsers, userIds, summary } = await signInCitizens(transport, citizens);
  log(`  citizens: ${summary.created} signed up, ${summary.existing} already there`);

  const issues = await browsers[0]!.request<TIssue[]>('GET', '/api/issues');
  expectStatus(issues, [200], 'issues');
  const demo = planDemo(issues.body, options);
  const { priorities, votes, documents, follows } = demo;

  // Profiles: names, place, occupation, a line of bio; written only where they differ.
  let profilesUpdated = 0;
  await forEach(citizens, 4, async (c) => {
    const browser = browsers[c.index]!;
    const want = { firstName: c.firstName, lastName: c.lastName, location: c.location, occupation: c.occupation, bio: c.bio, birthYear: c.birthYear };
    const current = await browser.request<Record<string, unknown>>('GET', `/api/users/${userIds[c.index]}/profile`);
    expectStatus(current, [200], 'profile');
    if (Object.entries(want).every(([k, v]) => current.body[k] === v)) return;
    expectStatus(await browser.request('PATCH', `/api/users/${userIds[c.index]}/profile`, want), [200], `profile of ${c.email}`);
    profilesUpdated++;
  });
  log(`  profiles: ${profilesUpdated} written`);

  // Priorities: the ones already there are found by author and title.
  const listed = await browsers[0]!.request<TPriority[]>('GET', '/api/priorities?limit=1000');
  expectStatus(listed, [200], 'priority list');
  const found = new Map(listed.body.map((p) => [`${p.author.id}\n${p.title}`, p.id]));
  const priorityIds: string[] = [];
  const prioritySummary = { created: 0, existing: 0 };
  await forEach(priorities, 4, async (p) => {
    const known = found.get(`${userIds[p.author]}\n${p.title}`);
    if (known) {
      priorityIds[p.index] = known;
      prioritySummary.existing++;
      return;
    }
    const created = await browsers[p.author]!.request<TPriority>(
      'POST',
      '/api/priorities',
      { title: p.title, description: p.description, issueId: p.issueId },
      { 'idempotency-key': `demo-seed-${options.seed ?? 2026}-priority-${p.index}` },
    );
    expectStatus(created, [200, 201], `priority "${p.title}"`);
    priorityIds[p.index] = created.body.id;
    prioritySummary.created++;
  });
  log(`  priorities: ${prioritySummary.created} created, ${prioritySummary.existing} already there`);

  // Votes: casting the vote one already has changes nothing (spec 4), so they are simply cast.
  const voteSummary = { cast: 0, unchanged: 0 };
  const byCitizen = new Map<number, typeof votes>();
  for (const v of votes) byCitizen.set(v.citizen, [...(byCitizen.get(v.citizen) ?? []), v]);
  await forEach([...byCitizen.values()], 4, async (mine) => {
    for (const v of mine) {
      const answer = await browsers[v.citizen]!.request('POST', `/api/priorities/${priorityIds[v.priority]}/vote`, { voteType: v.voteType });
      // 429: a citizen who changed this vote since is inside the change cooldown; their choice stands.
      expectStatus(answer, [200, 201, 429], 'vote');
      if (answer.status === 429) voteSummary.unchanged++;
      else voteSummary.cast++;
    }
  });
  log(`  votes: ${votes.length} (each either new or already cast)`);

  // Briefing documents, found by author and title.
  const docs = await browsers[0]!.request<Array<{ id: string; title: string; authorId: string }>>('GET', '/api/briefing-docs?limit=1000');
  expectStatus(docs, [200], 'briefing list');
  const haveDoc = new Set(docs.body.map((d) => `${d.authorId}\n${d.title}`));
  const docSummary = { created: 0, existing: 0 };
  await forEach(documents, 4, async (d) => {
    if (haveDoc.has(`${userIds[d.author]}\n${d.title}`)) {
      docSummary.existing++;
      return;
    }
    const body = { title: d.title, content: d.content, type: d.type, ...(d.priority === null ? {} : { priorityId: priorityIds[d.priority] }) };
    expectStatus(await browsers[d.author]!.request('POST', '/api/briefing-docs', body), [200, 201], `briefing "${d.title}"`);
    docSummary.created++;
  });
  log(`  briefing documents: ${docSummary.created} created, ${docSummary.existing} already there`);

  // Follows: following someone one already follows changes nothing.
  const byFollower = new Map<number, number[]>();
  for (const [a, b] of follows) byFollower.set(a, [...(byFollower.get(a) ?? []), b]);
  await forEach([...byFollower], 4, async ([follower, followees]) => {
    for (const followee of followees) {
      expectStatus(await browsers[follower]!.request('POST', `/api/users/${userIds[followee]}/follow`), [200, 201, 204], 'follow');
    }
  });
  log(`  follows: ${follows.length}`);

  return {
    summary: {
      citizens: summary,
      priorities: prioritySummary,
      votes: voteSummary,
      documents: docSummary,
      follows: follows.length,
      profilesUpdated,
      plan: demo,
      userIds,
      priorityIds,
    },
    seeded: { plan: demo, browsers, userIds, priorityIds },
  };
}
