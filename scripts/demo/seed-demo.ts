// `npm run seed:demo [-- --citizens N] [--seed S]`: fills the embedded profile's DATA_DIR with a
// believable platform (plan.ts says what). Run it while the application is stopped: it opens the
// embedded database itself (one process at a time), mounting every service in-process exactly as
// `npm start` does, and drives the public API the way citizens do, so every read model, tally,
// count and ledger balance is the services' own work (events flow through the outboxes as usual).
//
// - A new citizen signs in as a person does (ask for a code, read the mail, type it), from a client
//   address of its own; the mail is read in-process and never written to DATA_DIR/mail.
// - A citizen that already exists (a second run) gets a session from auth's own session code, the
//   one a sign-in ends with, held in this process's memory only; nothing is written.
// - Every write is one a citizen could make: profile, priorities (under the daily limit, each with
//   an Idempotency-Key), votes, briefing documents, follows. Before writing, the seed looks whether the
//   planned item is already there, and a vote or follow already made changes nothing, so a second run
//   writes nothing at all.
// - At the end it waits until every outbox is delivered (credits, counts, activities), then closes.
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { MIGRATIONS_DIR as AUTH_MIGRATIONS } from '@civic/auth';
import type { TIssue, TPriority } from '@civic/contracts';
import { prioritiesJobsOf } from '@civic/priorities';
import { cookieNames, type Mailer, type MailMessage, type Platform } from '@civic/service-kit';
import { startGateway } from '../../gateway/src/start-gateway.ts';
import { startSession } from '../../services/auth/src/sessions/sessions.ts';
import { canonicalEmail } from '../../services/auth/src/sign-in/canonical-email.ts';
import { type DemoPlan, planCitizens, planDemo, type PlannedCitizen } from './plan.ts';

export interface SeedDemoOptions {
  /** The embedded profile's data directory (the one `npm start` uses). */
  dataDir: string;
  citizens: number;
  seed?: number;
  /** Extra environment of the in-process application (e.g. ADMIN_EMAILS); the seed's own settings win. */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** How long to wait for the events to be delivered at the end (default 300 s). */
  settleTimeoutMs?: number;
}

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

/** The in-process application (the gateway with every service mounted). */
type App = Awaited<ReturnType<typeof startGateway>>['app'];

const SCHEMAS = ['auth', 'account', 'social', 'priorities', 'ledger', 'briefing', 'admin'] as const;

interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One citizen's browser against the in-process application: cookies, the CSRF token, its own address. */
class Browser {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;
  constructor(
    readonly app: App,
    readonly ip: string,
  ) {}

  async request<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const stateChanging = method !== 'GET';
    if (stateChanging && !this.csrf) await this.fetchCsrf();
    const send = async () => {
      const all: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
      if (this.cookies.size > 0) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (stateChanging && this.csrf) all['x-csrf-token'] = this.csrf;
      const response = await this.app.inject({
        method: method as 'GET',
        url,
        headers: all,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
        if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
        else this.cookies.set(c.name, c.value);
      }
      let parsed: unknown = response.body;
      try {
        parsed = response.body ? JSON.parse(response.body) : null;
      } catch {}
      return { status: response.statusCode, body: parsed as T };
    };
    const first = await send();
    // Like the front end: a CSRF refusal (the binding changed at sign-in) fetches a new token once.
    if (first.status === 403 && stateChanging && JSON.stringify(first.body).includes('CSRF')) {
      await this.fetchCsrf();
      return send();
    }
    return first;
  }

  async fetchCsrf() {
    this.csrf = (await this.request<{ token: string }>('GET', '/api/csrf-token')).body.token;
  }
}

function expect(answer: Answer, statuses: number[], what: string): void {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function forEach<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Keeps the sign-in mails in memory: the seed reads its citizens' codes here (nothing on disk). */
function capturingMailer(): Mailer & { codeFor(to: string): string } {
  const codes = new Map<string, string>();
  return {
    async send(message: MailMessage) {
      const code = message.text.match(/\b(\d{6})\b/)?.[1];
      if (code) codes.set(message.to.toLowerCase(), code);
    },
    close() {},
    codeFor(to) {
      const code = codes.get(to.toLowerCase());
      if (!code) throw new Error(`no sign-in code was mailed to ${to}`);
      return code;
    },
  };
}

/** Waits until every service's outbox is delivered (its consumers settled), twice in a row. */
async function settle(platform: Platform, timeoutMs: number): Promise<void> {
  const { driver } = await platform.databases.open('auth', AUTH_MIGRATIONS);
  const query = SCHEMAS.map((s) => `SELECT count(*)::int AS n FROM ${s}.outbox WHERE published_at IS NULL`).join(' UNION ALL ');
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2) {
    const rows = await driver.query<{ n: number }>(query, []);
    quiet = rows.every((r) => r.n === 0) ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error('the events did not finish flowing in time; run the seed again to finish');
    await sleep(quiet > 0 ? 300 : 200);
  }
  const stores = await driver.query<{ schema: string }>(
    "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'dead_letters' AND table_schema = ANY($1::text[])",
    [[...SCHEMAS]],
  );
  let dead = 0;
  for (const { schema } of stores) {
    const [row] = await driver.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.dead_letters WHERE replayed_at IS NULL`, []);
    dead += row?.n ?? 0;
  }
  if (dead > 0) throw new Error(`${dead} events were dead-lettered (npm run events:dead-letters lists them)`);
}

export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoSummary> {
  const started = Date.now();
  const log = (line: string) => options.log?.(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const mailer = capturingMailer();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The seed reports its own progress and failures; the services' start-up notices would only be noise.
    LOG_LEVEL: 'error',
    ...options.env,
    PROFILE: 'embedded',
    DATA_DIR: options.dataDir,
    SERVE_FRONTENDS: 'false',
    // Each citizen's requests carry a client address of its own (X-Forwarded-For), so the per-client
    // limits count each citizen as the real ones would be counted.
    TRUST_PROXY: 'true',
  };
  const { app, platform } = await startGateway(env, { mailer });
  try {
    await app.ready();
    log('  the services are up');
    const auth = await platform.databases.open('auth', AUTH_MIGRATIONS);
    const sessionCookie = cookieNames(platform.config).session;

    // Citizens, in batches of 8 (a recruiter is always at least 8 places earlier: plan.ts).
    const browsers: Browser[] = [];
    const userIds: string[] = [];
    const summary = { created: 0, existing: 0 };
    const planOptions = { citizens: options.citizens, seed: options.seed };
    const citizens = planCitizens(planOptions);
    const signIn = async (c: PlannedCitizen) => {
      const browser = new Browser(app, c.ip);
      const [existing] = await auth.driver.query<{ id: string; is_admin: boolean; standing_version: number }>(
        'SELECT id::text, is_admin, standing_version FROM auth.users WHERE email_canonical = $1',
        [canonicalEmail(c.email)],
      );
      if (existing) {
        // What a successful sign-in ends with: a session in this process's store (memory).
        const sid = await startSession(
          { sql: auth.driver, platform },
          { id: existing.id, isAdmin: existing.is_admin, isBanned: false, isPending: false, standingVersion: existing.standing_version, registered: false },
        );
        browser.cookies.set(sessionCookie, sid);
        userIds[c.index] = existing.id;
        summary.existing++;
      } else {
        const recruiterId = c.recruiter === null ? undefined : userIds[c.recruiter];
        const sent = await browser.request<{ stateId: string }>('POST', '/api/auth/email/send-otp', {
          email: c.email,
          ...(recruiterId ? { recruiterId } : {}),
        });
        expect(sent, [200], `sign-in mail for ${c.email}`);
        const verified = await browser.request('POST', '/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mailer.codeFor(c.email) });
        expect(verified, [200], `sign-in of ${c.email}`);
        const user = await browser.request<{ id: string }>('GET', '/api/auth/user');
        expect(user, [200], 'current user');
        userIds[c.index] = user.body.id;
        summary.created++;
      }
      browser.csrf = undefined;
      browsers[c.index] = browser;
    };
    for (let i = 0; i < citizens.length; i += 8) await forEach(citizens.slice(i, i + 8), 8, signIn);
    log(`  citizens: ${summary.created} signed up, ${summary.existing} already there`);

    const issues = await browsers[0]!.request<TIssue[]>('GET', '/api/issues');
    expect(issues, [200], 'issues');
    const demo = planDemo(issues.body, planOptions);
    const { priorities, votes, documents, follows } = demo;

    // Profiles: names, place, occupation, a line of bio; written only where they differ.
    let profilesUpdated = 0;
    await forEach(citizens, 4, async (c) => {
      const browser = browsers[c.index]!;
      const want = { firstName: c.firstName, lastName: c.lastName, location: c.location, occupation: c.occupation, bio: c.bio, birthYear: c.birthYear };
      const current = await browser.request<Record<string, unknown>>('GET', `/api/users/${userIds[c.index]}/profile`);
      expect(current, [200], 'profile');
      if (Object.entries(want).every(([k, v]) => current.body[k] === v)) return;
      expect(await browser.request('PATCH', `/api/users/${userIds[c.index]}/profile`, want), [200], `profile of ${c.email}`);
      profilesUpdated++;
    });
    log(`  profiles: ${profilesUpdated} written`);

    // Priorities: the ones already there are found by author and title.
    const listed = await browsers[0]!.request<TPriority[]>('GET', '/api/priorities?limit=1000');
    expect(listed, [200], 'priority list');
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
      expect(created, [200, 201], `priority "${p.title}"`);
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
        expect(answer, [200, 201, 429], 'vote');
        if (answer.status === 429) voteSummary.unchanged++;
        else voteSummary.cast++;
      }
    });
    log(`  votes: ${votes.length} (each either new or already cast)`);

    // Briefing documents, found by author and title.
    const docs = await browsers[0]!.request<Array<{ id: string; title: string; authorId: string }>>('GET', '/api/briefing-docs?limit=1000');
    expect(docs, [200], 'briefing list');
    const haveDoc = new Set(docs.body.map((d) => `${d.authorId}\n${d.title}`));
    const docSummary = { created: 0, existing: 0 };
    await forEach(documents, 4, async (d) => {
      if (haveDoc.has(`${userIds[d.author]}\n${d.title}`)) {
        docSummary.existing++;
        return;
      }
      const body = { title: d.title, content: d.content, type: d.type, ...(d.priority === null ? {} : { priorityId: priorityIds[d.priority] }) };
      expect(await browsers[d.author]!.request('POST', '/api/briefing-docs', body), [200, 201], `briefing "${d.title}"`);
      docSummary.created++;
    });
    log(`  briefing documents: ${docSummary.created} created, ${docSummary.existing} already there`);

    // Follows: following someone one already follows changes nothing.
    const byFollower = new Map<number, number[]>();
    for (const [a, b] of follows) byFollower.set(a, [...(byFollower.get(a) ?? []), b]);
    await forEach([...byFollower], 4, async ([follower, followees]) => {
      for (const followee of followees) {
        expect(await browsers[follower]!.request('POST', `/api/users/${userIds[followee]}/follow`), [200, 201, 204], 'follow');
      }
    });
    log(`  follows: ${follows.length}`);

    // The top-ten job (issue 22) would otherwise run on its own timer, in one seed run or the next: run
    // it now, so the first run records (and announces) the seeded top 10 and a second finds nothing new.
    await prioritiesJobsOf(platform)?.topTen.runNow();
    log('  waiting for the events to be delivered (credits, counts, activities)...');
    await settle(platform, options.settleTimeoutMs ?? 300_000);
    log('  delivered');
    return {
      citizens: summary,
      priorities: prioritySummary,
      votes: voteSummary,
      documents: docSummary,
      follows: follows.length,
      profilesUpdated,
      plan: demo,
      userIds,
      priorityIds,
    };
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { citizens: { type: 'string', default: '300' }, seed: { type: 'string', default: '2026' } } });
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  if ((process.env.PROFILE ?? 'embedded') !== 'embedded') {
    console.error('npm run seed:demo fills the embedded profile (PROFILE=embedded); see the README.');
    process.exit(1);
  }
  console.log(`Seeding a demo platform of ${values.citizens} citizens into ${dataDir} (the application must be stopped)...`);
  try {
    await seedDemo({ dataDir, citizens: Number(values.citizens), seed: Number(values.seed), log: console.log });
    console.log('Done. Start the application with npm start.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
