// Issue 15 item 3: PostgreSQL, NATS and Redis restart in turn under a steady load of reads, votes and
// sign-ins through the gateway (distributed profile, real processes: every service and the gateway
// its own OS process, as `npm run start:distributed` runs them, against a PostgreSQL, NATS and Redis
// of the test's own). What must hold: no process exits (each child's exit is recorded, and fails the
// test at once); a request that needs the missing dependency gets a 503 (never a 500, never an answer
// later than a bound); one that does not keeps working (writes while NATS is away go through the
// outbox); within seconds of each return every request succeeds again; and the books balance: every
// acknowledged vote is there once, tallies equal rows, every balance is the sum of its entries, every
// outbox row is published and every vote reached the social service's feed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { databaseUrl } from '@civic/service-kit/db';
import type { ApiClient } from '../support/api-client.ts';
import { startDedicatedPostgres, type DedicatedServer } from '../support/dedicated-servers.ts';
import { profilePlan } from '../support/infrastructure.ts';
import { startProcessStack, type ProcessStack } from '../support/process-stack.ts';
import { signIn } from '../support/sign-in.ts';
import { address, BULK_TEST_ENV } from '../support/test-users.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;
/** The longest any request may take, outage or not. */
const ANSWER_BOUND_MS = 15_000;
/** Each loop's pause between its requests: a steady load, light enough for a 2-core machine. */
const PAUSE_MS = { read: 40, vote: 120, 'sign-in': 250 } as const;

type Operation = 'read' | 'vote' | 'sign-in';
interface Outcome {
  op: Operation;
  status: number | 'timeout' | 'error';
  ms: number;
  at: number;
  /** vote: the pair it asked for. */
  pair?: string;
}

/** Voters, each creating the daily limit of priorities (max_priorities_per_user_per_day, 5 by default). */
const VOTERS = 12;
const PRIORITIES_PER_VOTER = 5;

let postgres: DedicatedServer;
let stack: ProcessStack;
let voters: { client: ApiClient; id: string }[] = [];
let priorityIds: string[] = [];
let finished = false;

before(async () => {
  if (distributed.skip) return;
  postgres = await startDedicatedPostgres();
  const startedAt = Date.now();
  stack = await startProcessStack({ databaseUrl: postgres.url, persistentRedis: true, env: BULK_TEST_ENV });
  console.log(`# every process ready ${Date.now() - startedAt} ms after the spawn`);
  voters = await Promise.all(
    Array.from({ length: VOTERS }, async (_, i) => {
      const client = stack.client();
      client.timeoutMs = ANSWER_BOUND_MS;
      const user = await signIn(stack, client, address(`outage${i}`));
      return { client, id: user.id };
    }),
  );
  priorityIds = (
    await Promise.all(
      voters.map(async ({ client }, i) => {
        const ids: string[] = [];
        for (let j = 0; j < PRIORITIES_PER_VOTER; j++) {
          const created = await client.post('/api/priorities', {
            title: `Outage priority ${i}-${j}`,
            description: 'Kept through every restart of the platform: PostgreSQL, NATS and Redis in turn.',
          });
          assert.equal(created.status, 200, created.text);
          ids.push(created.body.id);
        }
        return ids;
      }),
    )
  ).flat();
});

after(async () => {
  // A failure shows what the processes said last (a process that exited, a stack trace).
  if (stack && !finished) for (const name of Object.keys(stack.urls)) console.error(`# ${name}'s last output:\n${stack.outputOf(name).replace(/^/gm, '#   ')}`);
  try {
    // A test that failed midway may have left PostgreSQL stopped; the databases are dropped on it.
    await postgres?.start();
    await stack?.close();
  } finally {
    await postgres?.dispose();
  }
});

/** Fails when any service or gateway process has exited, with what it said last. */
function assertNoProcessExited(when: string) {
  const exited = stack.exits.map((e) => `${e.name} (${e.signal ?? `code ${e.code}`})`);
  assert.deepEqual(exited, [], `${when}: processes exited: ${stack.exits.map((e) => `${e.name}:\n${stack.outputOf(e.name)}`).join('\n')}`);
}

/** The steady load: three loops, each one request at a time with a short pause, until stopped. */
function startLoad() {
  const outcomes: Outcome[] = [];
  const pairs = voters.flatMap((v) => priorityIds.map((p) => ({ voter: v, priorityId: p }))).sort(() => Math.random() - 0.5);
  let stopped = false;
  const record = async (op: Operation, send: () => Promise<{ status: number }>, pair?: string) => {
    const at = Date.now();
    let status: Outcome['status'];
    try {
      status = (await send()).status;
    } catch (error) {
      status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'error';
    }
    outcomes.push({ op, status, ms: Date.now() - at, at, pair });
    return status;
  };
  const loop = async (op: Operation, step: () => Promise<unknown>) => {
    while (!stopped) {
      await step();
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS[op]));
    }
  };
  const anyVoter = () => voters[Math.floor(Math.random() * voters.length)]!;
  const loops = [
    loop('read', () => record('read', () => anyVoter().client.get('/api/priorities?limit=50'))),
    loop('vote', async () => {
      const next = pairs.pop();
      if (!next) return;
      const pair = `${next.voter.id}:${next.priorityId}`;
      await record('vote', () => next.voter.client.post(`/api/priorities/${next.priorityId}/vote`, { voteType: 'endorse' }), pair);
    }),
    loop('sign-in', async () => {
      const client = stack.client();
      client.timeoutMs = ANSWER_BOUND_MS;
      const email = address('outage-signin');
      let stateId: string | undefined;
      const sent = await record('sign-in', async () => {
        const answer = await client.post('/api/auth/email/send-otp', { email });
        stateId = answer.body?.stateId;
        return answer;
      });
      if (sent !== 200 || !stateId) return;
      const mail = await stack.readLatestMail(email).catch(() => null);
      if (!mail?.code) return;
      await record('sign-in', () => client.post('/api/auth/email/verify-otp', { stateId, otp: mail.code }));
    }),
  ];
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Waits (bounded) until `count` more outcomes matching `which` are recorded after `since`. */
async function outcomesAfter(outcomes: Outcome[], since: number, which: (o: Outcome) => boolean, count: number, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (outcomes.filter((o) => o.at >= since && which(o)).length < count) {
    assertNoProcessExited(`while waiting for ${what}`);
    if (Date.now() > deadline) {
      const recent = outcomes.slice(-12).map((o) => `${o.op} ${o.status} ${o.ms} ms at +${o.at - since} ms`);
      assert.fail(`timed out waiting for ${what}; the latest answers: ${recent.join('; ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ok = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

test('PostgreSQL, NATS and Redis restart in turn under load: bounded 503s, quick recovery, the books balance', {
  skip: distributed.skip,
  timeout: 290_000,
}, async () => {
  const load = startLoad();
  const report: string[] = [];
  try {
    const servers = { postgres, nats: stack.infrastructure.nats, redis: stack.infrastructure.redis };
    for (const name of ['postgres', 'nats', 'redis'] as const) {
      // Steady first: reads and votes succeed.
      const steady = Date.now();
      await outcomesAfter(load.outcomes, steady, (o) => ok(o) && o.op === 'read', 5, `${name}: steady reads`);
      const downAt = Date.now();
      await servers[name].stop();
      // The outage lasts until a dozen answers came back without it.
      await outcomesAfter(load.outcomes, Date.now(), () => true, 12, `${name}: answers during the outage`);
      const upAt = Date.now();
      await servers[name].start();
      // Recovered when, after the return, reads and votes each succeed several times in a row.
      const back = Date.now();
      await outcomesAfter(load.outcomes, back, (o) => ok(o) && o.op === 'read', 5, `${name}: reads after the return`);
      await outcomesAfter(load.outcomes, back, (o) => ok(o) && o.op === 'vote', 3, `${name}: votes after the return`);
      const during = load.outcomes.filter((o) => o.at >= downAt && o.at < upAt);
      const refused = during.filter((o) => o.status === 503).length;
      const firstOk = load.outcomes.find((o) => o.at >= back && ok(o) && o.op === 'read')!;
      assertNoProcessExited(`${name} restarted`);
      report.push(
        `${name}: down ${upAt - downAt} ms, ${during.length} answers during it (${refused} refused with 503), first read served ${firstOk.at + firstOk.ms - back} ms after the return`,
      );
      if (name === 'nats') {
        assert.ok(
          during.some((o) => o.op === 'vote' && ok(o)),
          'votes are accepted while NATS is away (the outbox keeps their events)',
        );
        assert.ok(
          during.some((o) => o.op === 'read' && ok(o)),
          'reads go on while NATS is away',
        );
      } else {
        assert.ok(refused > 0, `${name}: requests that need it were refused with 503`);
      }
    }
  } finally {
    await load.stop();
  }
  console.log(`# ${report.join('\n# ')}`);

  // Never a 500, never an answer past the bound.
  const bad = load.outcomes.filter(
    (o) => o.status === 'timeout' || o.status === 'error' || (typeof o.status === 'number' && o.status >= 500 && o.status !== 503),
  );
  assert.deepEqual(
    bad.map((o) => `${o.op} ${o.status} after ${o.ms} ms`),
    [],
  );
  assert.ok(load.outcomes.every((o) => o.ms < ANSWER_BOUND_MS));

  // Every process is still the one started, and serves: each service's and the gateway's readiness.
  assertNoProcessExited('after the restarts');
  for (const url of Object.values(stack.urls)) {
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    assert.equal(ready.status, 200, `${url}: ${await ready.text()}`);
  }

  // The books.
  const acked = new Set(load.outcomes.filter((o) => o.op === 'vote' && ok(o)).map((o) => o.pair!));
  const ambiguous = load.outcomes.filter((o) => o.op === 'vote' && !ok(o)).length;
  const query = async <T>(service: string, sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl(postgres.url, `${stack.env.DATABASE_PREFIX}${service}`) });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const rows = await query<{ pair: string }>('priorities', `SELECT user_id || ':' || priority_id AS pair FROM priorities.votes`);
  const stored = new Set(rows.map((r) => r.pair));
  assert.equal(stored.size, rows.length, 'one row per (user, priority)');
  for (const pair of acked) assert.ok(stored.has(pair), `acknowledged vote ${pair} is stored`);
  assert.ok(
    rows.length - acked.size <= ambiguous,
    `no vote beyond those acknowledged or left unanswered (${rows.length} rows, ${acked.size} acked, ${ambiguous} unanswered)`,
  );
  const tallies = await query<{ off: number }>(
    'priorities',
    `SELECT count(*)::int AS off FROM priorities.priorities p
      WHERE p.endorsements <> (SELECT count(*) FROM priorities.votes v WHERE v.priority_id = p.id AND v.vote_type = 'endorse')`,
  );
  assert.equal(tallies[0]!.off, 0, 'every tally equals its rows');
  const unbalanced = await query<{ n: number }>(
    'ledger',
    `SELECT count(*)::int AS n FROM ledger.accounts a WHERE a.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger.entries e WHERE e.user_id = a.user_id)`,
  );
  assert.equal(unbalanced[0]!.n, 0, 'every balance is the sum of its entries');

  // Events flowed again in both directions: every outbox drained, every vote in the social feed, every
  // priority credited. These arrive by events, so they are waited for: an event whose handler failed
  // while PostgreSQL was away is redelivered after the retry policy's backoff (up to 60 s a step).
  const creditCount = async () => (await query<{ n: number }>('ledger', `SELECT count(*)::int AS n FROM ledger.entries WHERE kind = 'priority_created'`))[0]!.n;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pending = await Promise.all(
      ['auth', 'priorities', 'ledger', 'social', 'account'].map(
        async (s) => (await query<{ n: number }>(s, `SELECT count(*)::int AS n FROM ${s}.outbox WHERE published_at IS NULL`))[0]!.n,
      ),
    );
    const endorsements = (await query<{ n: number }>('social', `SELECT count(*)::int AS n FROM social.activities WHERE type = 'endorse'`))[0]!.n;
    const credits = await creditCount();
    if (pending.every((n) => n === 0) && endorsements === rows.length && credits >= priorityIds.length) break;
    if (Date.now() > deadline)
      assert.fail(
        `events did not catch up: unpublished ${pending.join('/')}, ${endorsements} of ${rows.length} endorsements in the feed, ${credits} of ${priorityIds.length} priorities credited`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(await creditCount(), priorityIds.length, 'each priority credited once');
  const dead = await Promise.all(
    ['auth', 'priorities', 'ledger', 'social', 'account'].map(
      async (s) => (await query<{ n: number }>(s, `SELECT count(*)::int AS n FROM ${s}.dead_letters`))[0]!.n,
    ),
  );
  assert.deepEqual(dead, [0, 0, 0, 0, 0], 'no event became a dead letter');
  assertNoProcessExited('at the end');
  finished = true;
});
