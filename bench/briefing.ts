// `npm run bench`, part four (issue 17): the briefing service on the distributed profile (auth,
// briefing, ledger and the gateway as their real entry points), seeded with 100,000 documents of
// about 1 KB (bench/seed-briefing.ts). Reports, from one run:
//   - GET /api/briefing-docs?limit=50 (the first page) through the gateway, p99 at an even 1,000 req/s;
//   - a one-word search (?search=<word>&limit=50) p99 at an even 200 req/s, the words taking turns: a
//     common one, a middling one and a rare one (how many documents hold each is printed);
//   - creates (POST /api/briefing-docs) as fast as possible, then the credit lag of those documents
//     (civic.briefing.document.created -> the ledger's +2 entry, bench/credit-lag.ts), and the lag
//     again at a steady 20 creates/s (BENCH_CREATION_RATE);
//   - the executed plans (EXPLAIN ANALYZE) of the first page and of each search word, on the seeded data.
// The even rates are the paced load's (bench/support/paced-load.ts): latency counted from when each
// request was due. autocannon and the servers share this machine's cores.
// BENCH_ONLY=reads|search|creates runs one part (after the seed); BENCH_DOCUMENTS changes the seed.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { databaseUrl } from '@civic/service-kit/db';
import { listQuery } from '../services/briefing/src/documents/list-documents.ts';
import { creditLag, creditLags, type CreditSource } from './credit-lag.ts';
import { documentsContaining, seedBriefing } from './seed-briefing.ts';
import { putBenchSettings } from './support/bench-settings.ts';
import { benchEnv, dropBenchEnv, settleAfterSeeding } from './support/bench-env.ts';
import { cpuMeter, line, percentile } from './support/measure.ts';
import { type PacedRequest, pacedLine, pacedLoad } from './support/paced-load.ts';
import { assertNothingListening, ServerProcesses } from './support/processes.ts';
import { query } from './support/query.ts';
import { type BenchUser, createSessions } from './support/sessions.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const READ_RATE = 1_000;
const SEARCH_RATE = 200;
/** Common (in ~45% of the seeded documents), middling (~20%), rare (~1%, one of RARE_WORDS). */
const SEARCH_WORDS = ['housing', 'wildfire', 'levee'];
const READERS = 200;
const CREATORS = 200;
/** Under what this machine served at full speed (~26/s), so the lag is the pipeline's, not a growing queue's. */
const LAG_RATE = Number(process.env.BENCH_CREATION_RATE ?? 20);
const LAG_CREATIONS = 200;
const GATEWAY_PORT = 3250;
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const CPU_PROF = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'reads' | 'search' | 'creates') => !ONLY || ONLY === part;

const env = await benchEnv('b');
const servers = new ServerProcesses();
const SERVICES = [
  { name: 'auth', port: 3251 },
  { name: 'briefing', port: 3252 },
  { name: 'ledger', port: 3253 },
];
const dbUrl = (service: string) => databaseUrl(env.DATABASE_URL, `${env.DATABASE_PREFIX}${service}`);
const measured = cpuMeter(servers, ['gateway', 'briefing', 'ledger'], env.DATABASE_PREFIX);
const sessions = (count: number) =>
  createSessions(
    { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX, gateway: GATEWAY },
    Array.from({ length: count }, () => randomUUID()),
  );
const credits: CreditSource = {
  producerDb: dbUrl('briefing'),
  schema: 'briefing',
  subjectSuffix: 'document.created',
  ledgerDb: dbUrl('ledger'),
  kind: 'briefing_created',
};

function get(users: BenchUser[], k: number, path: string): PacedRequest {
  return { method: 'GET', path, headers: { cookie: users[k % users.length]!.cookie } };
}

/** About 1 KB, as the seeded documents. */
const CONTENT = `A benchmark talking point about funding for rural broadband and the repair of roads and bridges. ${'Schools, clinics and transit all need a plan this year. '.repeat(16)}`;

function createRequest(user: BenchUser, n: number): PacedRequest {
  return {
    method: 'POST',
    path: '/api/briefing-docs',
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `Benchmark document number ${n}`, content: CONTENT, type: 'talking_point' }),
  };
}

/** Creates that did not answer 200 in the steady run, by status: counted and reported, not fatal. */
const createFailures: Record<string, number> = {};

async function createOne(gateway: string, user: BenchUser, n: number): Promise<void> {
  const { method, path, headers, body } = createRequest(user, n);
  const answer = await fetch(`${gateway}${path}`, { method, headers, body }).catch(() => undefined);
  if (answer?.status === 200) return;
  const status = answer ? String(answer.status) : 'no answer';
  createFailures[status] = (createFailures[status] ?? 0) + 1;
  process.exitCode = 1;
}

/** The executed plan of the list's own SQL (as the service sends it), with its buffers. */
async function plan(search?: string): Promise<string> {
  const { sql, params } = listQuery({ limit: 50, offset: 0, ...(search ? { search } : {}) });
  const rows = await query<{ 'QUERY PLAN': string }>(dbUrl('briefing'), `EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

try {
  await assertNothingListening([GATEWAY, ...SERVICES.map(({ port }) => `http://127.0.0.1:${port}`)]);
  // The creates run far past a citizen's daily documents and rewarded documents (SECURITY 30): lifted
  // here, so every create is a document and every document a credit whose lag is measured.
  await putBenchSettings(env, { max_briefing_docs_per_user_per_day: '10000', briefing_rewards_per_day: '10000' });
  await servers.startStack(SERVICES, GATEWAY_PORT, env, CPU_PROF);

  console.log(`briefing benchmark: distributed profile, ${DURATION} s a run\n`);
  console.log(`seeding ${DOCUMENTS.toLocaleString('en-US')} documents of ~1 KB`);
  await seedBriefing(dbUrl('briefing'), { documents: DOCUMENTS, log: console.log });
  await settleAfterSeeding(env.DATABASE_URL);
  const readers = await sessions(READERS);
  const warmupS = 2;

  let reads: Awaited<ReturnType<typeof pacedLoad>> | undefined;
  if (runs('reads')) {
    reads = pacedLine(
      `GET /api/briefing-docs?limit=50, paced ${READ_RATE}/s`,
      await measured(() =>
        pacedLoad({ origin: GATEWAY, rate: READ_RATE, durationS: DURATION, warmupS, request: (k) => get(readers, k, '/api/briefing-docs?limit=50') }),
      ),
    );
  }

  let search: Awaited<ReturnType<typeof pacedLoad>> | undefined;
  if (runs('search')) {
    const counts = await Promise.all(SEARCH_WORDS.map((word) => documentsContaining(dbUrl('briefing'), word)));
    console.log(`\nsearch words, taking turns: ${SEARCH_WORDS.map((word, i) => `"${word}" (in ${counts[i]!.toLocaleString('en-US')} documents)`).join(', ')}`);
    search = pacedLine(
      `GET /api/briefing-docs?search=<word>&limit=50, paced ${SEARCH_RATE}/s`,
      await measured(() =>
        pacedLoad({
          origin: GATEWAY,
          rate: SEARCH_RATE,
          durationS: DURATION,
          warmupS,
          request: (k) => get(readers, k, `/api/briefing-docs?search=${SEARCH_WORDS[k % SEARCH_WORDS.length]}&limit=50`),
        }),
      ),
    );
    for (const word of SEARCH_WORDS) {
      const one = await pacedLoad({
        origin: GATEWAY,
        rate: SEARCH_RATE,
        durationS: Math.max(3, DURATION / 3),
        warmupS: 1,
        request: (k) => get(readers, k, `/api/briefing-docs?search=${word}&limit=50`),
      });
      console.log(`  "${word}" alone at ${SEARCH_RATE}/s: p50 ${one.p50} ms, p99 ${one.p99} ms`);
    }
  }

  let creates: { rps: number; p99: number } | undefined;
  let fullSpeedLags: number[] = [];
  let steadyLags: number[] = [];
  if (runs('creates')) {
    const creators = await sessions(CREATORS);
    console.log('');
    const since = new Date();
    let n = 0;
    creates = line(
      'POST /api/briefing-docs, as fast as possible (50 connections)',
      await measured(() =>
        autocannon({
          url: GATEWAY,
          connections: 50,
          duration: DURATION,
          requests: [{ setupRequest: (request) => ({ ...request, ...createRequest(creators[n % CREATORS]!, n++) }) }],
        }),
      ),
      { unit: 'creates/s' },
    );
    const drained = Date.now();
    fullSpeedLags = await creditLags(credits, since);
    console.log(
      `  credit lag of those creates (document.created -> ledger +2): p50 ${percentile(fullSpeedLags, 0.5)} ms, p99 ${percentile(fullSpeedLags, 0.99)} ms (${fullSpeedLags.length} credits; the last ${((Date.now() - drained) / 1000).toFixed(1)} s after the run)`,
    );
    steadyLags = await creditLag({ gateway: GATEWAY, creators, creations: LAG_CREATIONS, rate: LAG_RATE, create: createOne, source: credits });
    console.log(
      `  credit lag at a steady ${LAG_RATE} creates/s: p50 ${percentile(steadyLags, 0.5)} ms, p99 ${percentile(steadyLags, 0.99)} ms (${steadyLags.length} credits)`,
    );
    if (Object.keys(createFailures).length > 0) console.log(`  creates that failed in that run, by status: ${JSON.stringify(createFailures)}`);
  }

  console.log('\nquery plans on the seeded data (EXPLAIN ANALYZE of the list SQL):');
  console.log(`  first page (limit=50):\n${await plan()}`);
  for (const word of SEARCH_WORDS) console.log(`  search "${word}":\n${await plan(word)}`);

  console.log('\nagainst the targets:');
  if (reads) console.log(`  first page p99 at ${READ_RATE} req/s: ${reads.p99} ms paced (target <= 25)`);
  if (search) console.log(`  one-word search p99 at ${SEARCH_RATE} req/s: ${search.p99} ms paced (target <= 50)`);
  if (creates)
    console.log(
      `  creates: ${creates.rps}/s (p99 ${creates.p99} ms), credit lag p50 ${percentile(fullSpeedLags, 0.5)} / p99 ${percentile(fullSpeedLags, 0.99)} ms at full speed, p50 ${percentile(steadyLags, 0.5)} / p99 ${percentile(steadyLags, 0.99)} ms at ${LAG_RATE}/s`,
    );
} finally {
  await servers.stopAll();
  await dropBenchEnv(env);
}
process.exit();
