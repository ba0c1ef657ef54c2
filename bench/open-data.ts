// `npm run bench:open-data` (issue 23): the open agenda at 50,000 priorities and 2,000,000 votes on the
// distributed profile (bench/seed-priorities.ts), through the gateway. Reports, from one run:
//   - a snapshot (POST /api/admin/open-data/snapshots): its time (target < 30 s) and its size (rows in
//     PostgreSQL, and the published JSON and CSV as downloaded);
//   - votes while it is taken: p99 of paced votes before and during the snapshot (it must not block them);
//   - `npm run open-data:verify`'s check on the downloaded document: time, and that it passes;
//   - receipts (GET /api/priorities/{id}/vote/receipt) at an even 200/s: p50 and p99.
// Real entry points in child processes; the load runs here, on the same 2 cores.
import pg from 'pg';
import { databaseUrl } from '@civic/service-kit/db';
import { verifySnapshot } from '../scripts/open-data/verify-snapshot.ts';
import { SEED_USERS, seededPriorityId, seededUserId, seedPriorities } from './seed-priorities.ts';
import { benchEnv, dropBenchEnv, settleAfterSeeding } from './support/bench-env.ts';
import { cpuMeter } from './support/measure.ts';
import { pacedLine, pacedLoad, type PacedRequest } from './support/paced-load.ts';
import { ServerProcesses, waitHealthy } from './support/processes.ts';
import { createSessions, type BenchUser } from './support/sessions.ts';

const PRIORITIES = Number(process.env.BENCH_PRIORITIES ?? 50_000);
const VOTES = Number(process.env.BENCH_VOTES ?? 2_000_000);
const RECEIPT_RATE = Number(process.env.BENCH_RECEIPT_RATE ?? 200);
const VOTE_RATE = 100;
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const GATEWAY = 'http://127.0.0.1:3240';
const VOTERS = 200;

const env = await benchEnv('o');
const servers = new ServerProcesses();
const measured = cpuMeter(servers, ['gateway', 'priorities'], env.DATABASE_PREFIX);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A user who voted on seeded priority p in the seed (seed-priorities.ts's pairs), k < votes per priority. */
const seededVoter = (p: number, k: number) => seededUserId((p * 7919 + k * 104729) % SEED_USERS);

/** Votes by users who never voted in the seed, each on a new priority: first votes only. */
function voteRequest(voters: BenchUser[], n: number): PacedRequest {
  const voter = voters[n % VOTERS]!;
  return {
    method: 'POST',
    path: `/api/priorities/${seededPriorityId(Math.floor(n / VOTERS) % PRIORITIES)}/vote`,
    headers: { cookie: voter.cookie, 'x-csrf-token': voter.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ voteType: 'endorse' }),
  };
}

async function download(path: string): Promise<{ bytes: number; ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${GATEWAY}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const text = await response.text();
  return { bytes: Buffer.byteLength(text), ms: performance.now() - started, text };
}

try {
  servers.start('services/auth/src/server.ts', { ...env, PORT: '3241' }, 'auth');
  // A week between scheduled snapshots: this run takes its own.
  servers.start('services/priorities/src/server.ts', { ...env, PORT: '3242', OPEN_DATA_SNAPSHOT_MS: String(7 * 24 * 3_600_000) }, 'priorities');
  await Promise.all([waitHealthy('http://127.0.0.1:3241'), waitHealthy('http://127.0.0.1:3242')]);
  servers.start(
    'gateway/src/server.ts',
    {
      ...env,
      PORT: '3240',
      GATEWAY_SERVICES: 'auth,priorities',
      SERVICE_URL_AUTH: 'http://127.0.0.1:3241',
      SERVICE_URL_PRIORITIES: 'http://127.0.0.1:3242',
      // The administrator's snapshot answers once it is taken: allow a slow machine more than the default 30 s.
      GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS: '180000',
    },
    'gateway',
  );
  await waitHealthy(GATEWAY);
  const prioritiesDb = databaseUrl(env.DATABASE_URL, `${env.DATABASE_PREFIX}priorities`);
  const sessions = { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX, gateway: GATEWAY };

  console.log(`open-data benchmark: distributed profile, through the gateway\n`);
  console.log(`seeding ${PRIORITIES.toLocaleString('en-US')} priorities and ${VOTES.toLocaleString('en-US')} votes`);
  await seedPriorities(prioritiesDb, { priorities: PRIORITIES, votes: VOTES, log: console.log });
  await settleAfterSeeding(env.DATABASE_URL);
  const [admin] = await createSessions(sessions, [seededUserId(SEED_USERS + VOTERS + 1)], { isAdmin: true });
  const voters = await createSessions(
    sessions,
    Array.from({ length: VOTERS }, (_, j) => seededUserId(SEED_USERS + j)),
  );
  const offset = { n: 0 };
  const pacedVotes = () => pacedLoad({ origin: GATEWAY, rate: VOTE_RATE, durationS: DURATION, warmupS: 1, request: () => voteRequest(voters, offset.n++) });

  const before = pacedLine(`votes paced ${VOTE_RATE}/s, no snapshot`, await measured(pacedVotes));

  // The snapshot, with votes going on meanwhile.
  const started = performance.now();
  const snapshotCall = fetch(`${GATEWAY}/api/admin/open-data/snapshots`, {
    method: 'POST',
    headers: { cookie: admin!.cookie, 'x-csrf-token': admin!.csrf },
  });
  const during = pacedLine(`votes paced ${VOTE_RATE}/s, while the snapshot is taken`, await measured(pacedVotes));
  const answer = await snapshotCall;
  const snapshotMs = performance.now() - started;
  if (!answer.ok) throw new Error(`the snapshot answered ${answer.status}: ${await answer.text()}`);
  const summary = (await answer.json()) as { id: string; treeSize: number; priorityCount: number; root: string };
  console.log(
    `snapshot: ${(snapshotMs / 1000).toFixed(1)} s for ${summary.treeSize.toLocaleString('en-US')} leaves and ${summary.priorityCount.toLocaleString('en-US')} priorities (target < 30 s)`,
  );

  const client = new pg.Client({ connectionString: prioritiesDb });
  await client.connect();
  const [stored] = (
    await client.query<{ chunks: string; priorities: string; documents: string }>(
      `SELECT pg_total_relation_size('priorities.open_data_leaf_chunks') AS chunks, pg_total_relation_size('priorities.open_data_snapshot_priorities') AS priorities,
              pg_total_relation_size('priorities.open_data_document_parts') AS documents`,
    )
  ).rows;
  await client.end();
  console.log(
    `stored: leaf chunks ${mb(Number(stored!.chunks))}, ranked list ${mb(Number(stored!.priorities))}, documents (JSON and CSV, as is, gzip, br) ${mb(Number(stored!.documents))}`,
  );

  const json = await download(`/api/open-data/snapshots/${summary.id}`);
  console.log(`GET the snapshot (JSON): ${mb(json.bytes)} in ${(json.ms / 1000).toFixed(1)} s`);
  const csv = await download(`/api/open-data/snapshots/${summary.id}?format=csv`);
  console.log(`GET the snapshot (CSV): ${mb(csv.bytes)} in ${(csv.ms / 1000).toFixed(1)} s`);
  const verifyStarted = performance.now();
  const verified = await verifySnapshot(JSON.parse(json.text));
  console.log(
    `open-data:verify on it: ${verified.ok ? 'OK' : `MISMATCH ${verified.problems.slice(0, 3).join('; ')}`} in ${((performance.now() - verifyStarted) / 1000).toFixed(1)} s`,
  );

  // Receipts of seeded voters whose votes the snapshot holds.
  const perPriority = Math.round(VOTES / PRIORITIES);
  const receiptUsers = Array.from({ length: VOTERS }, (_, j) => ({ p: (j * 251) % PRIORITIES, k: j % perPriority }));
  const receiptSessions = await createSessions(
    sessions,
    receiptUsers.map(({ p, k }) => seededVoter(p, k)),
  );
  const receipts = pacedLine(
    `receipts paced ${RECEIPT_RATE}/s`,
    await measured(() =>
      pacedLoad({
        origin: GATEWAY,
        rate: RECEIPT_RATE,
        durationS: DURATION,
        warmupS: 1,
        request: (k) => ({
          method: 'GET',
          path: `/api/priorities/${seededPriorityId(receiptUsers[k % VOTERS]!.p)}/vote/receipt`,
          headers: { cookie: receiptSessions[k % VOTERS]!.cookie },
        }),
      }),
    ),
  );

  console.log('\nagainst the targets:');
  console.log(`  snapshot of ${summary.treeSize.toLocaleString('en-US')} votes: ${(snapshotMs / 1000).toFixed(1)} s (target < 30 s)`);
  console.log(`  vote p99 at ${VOTE_RATE}/s: ${during.p99} ms during the snapshot, ${before.p99} ms without (not blocked)`);
  console.log(`  receipt p99 at ${RECEIPT_RATE}/s: ${receipts.p99} ms`);
} finally {
  await servers.stopAll();
  await dropBenchEnv(env);
}
process.exit();
