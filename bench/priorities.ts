// `npm run bench`, part two (issue 4): the priorities service on the distributed profile, seeded with
// 50,000 priorities and 2,000,000 votes (bench/seed-priorities.ts). Reports, from one run:
//   - GET /api/priorities?limit=50 through the gateway: the most req/s, and p99 at 1,000 req/s;
//   - votes: the most votes/s, and p99 at 1,000 votes/s, with 1,000 and with 50,000 priorities (ratio);
//   (the p99 at 1,000/s from an even load, bench/support/paced-load.ts, and from autocannon's
//   overallRate, which sends each second's share in a burst, for comparison);
//   - from a vote to its `tally` event on 1,000 open /api/priorities/stream connections: p50 and p99.
// Real entry points in child processes; autocannon and the stream clients run here, on the same
// 2 cores, so read the figures as this machine's, measured in one run.
import http from 'node:http';
import autocannon from 'autocannon';
import { databaseUrl } from '@civic/service-kit/db';
import { benchEnv, dropBenchEnv, settleAfterSeeding } from './support/bench-env.ts';
import { cpuMeter, line, percentile } from './support/measure.ts';
import { pacedLine, pacedLoad, type PacedRequest } from './support/paced-load.ts';
import { ServerProcesses, waitHealthy } from './support/processes.ts';
import { SEED_USERS, seededPriorityId, seededUserId, seedPriorities } from './seed-priorities.ts';
import { createSessions, type BenchUser } from './support/sessions.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
/** The offered rate of the "at 1,000/s" lines; BENCH_RATE=<n> measures another (the targets are at 1,000). */
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const VOTERS = 200;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const GATEWAY = 'http://127.0.0.1:3230';
/** BENCH_CPU_PROF=<dir>: V8 CPU profiles of the priorities service and the gateway, written on exit. */
const CPU_PROF = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/** BENCH_ONLY=reads|votes|streams: one part of the run (with its seeding), when working on that part. */
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'reads' | 'votes' | 'streams') => !ONLY || ONLY === part;

const env = await benchEnv('p');
const servers = new ServerProcesses();
const measured = cpuMeter(servers, ['gateway', 'priorities'], env.DATABASE_PREFIX);

type Voter = BenchUser;

/** Sessions for users who never voted in the seed, so every benchmark vote is a first vote. */
const createVoters = () =>
  createSessions(
    { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX, gateway: GATEWAY },
    Array.from({ length: VOTERS }, (_, j) => seededUserId(SEED_USERS + j)),
  );

/** The dashboard's read, as the k-th request: the voters take turns (each sees their own votes). */
function readRequest(voters: Voter[], k: number): PacedRequest {
  return { method: 'GET', path: '/api/priorities?limit=50', headers: { cookie: voters[k % VOTERS]!.cookie } };
}

/** A vote as the n-th request: each a fresh (voter, priority) pair among the first `priorities`. */
function voteRequest(voters: Voter[], priorities: number, n: number): PacedRequest {
  const voter = voters[n % VOTERS]!;
  return {
    method: 'POST',
    path: `/api/priorities/${seededPriorityId(Math.floor(n / VOTERS) % priorities)}/vote`,
    headers: { cookie: voter.cookie, 'x-csrf-token': voter.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ voteType: n % 3 === 0 ? 'oppose' : 'endorse' }),
  };
}

/** Closed-loop load (autocannon, 50 connections): the most the stack serves, or autocannon's overallRate. */
async function reads(voters: Voter[], overallRate?: number) {
  let n = 0;
  return autocannon({
    url: GATEWAY,
    connections: 50,
    duration: DURATION,
    ...(overallRate ? { overallRate } : {}),
    requests: [{ setupRequest: (request) => ({ ...request, ...readRequest(voters, n++) }) }],
  });
}

/** Votes starting after `offset` (shared by the runs, so no pair repeats). */
async function votes(voters: Voter[], priorities: number, offset: { n: number }, overallRate?: number, duration = DURATION) {
  return autocannon({
    url: GATEWAY,
    connections: 50,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: [{ setupRequest: (request) => ({ ...request, ...voteRequest(voters, priorities, offset.n++) }) }],
  });
}

/** An even RATE per second (bench/support/paced-load.ts), latency counted from when each request was due. */
const PACED_WARMUP_S = 2;
const pacedReads = (voters: Voter[]) =>
  pacedLoad({ origin: GATEWAY, rate: RATE, durationS: DURATION, warmupS: PACED_WARMUP_S, request: (k) => readRequest(voters, k) });
const pacedVotes = (voters: Voter[], priorities: number, offset: { n: number }) =>
  pacedLoad({ origin: GATEWAY, rate: RATE, durationS: DURATION, warmupS: PACED_WARMUP_S, request: () => voteRequest(voters, priorities, offset.n++) });

/** Opens `STREAMS` event streams, then casts votes on distinct priorities and times each tally's arrival. */
async function streamLatency(voters: Voter[], offsetPriority: number): Promise<{ p50: number; p99: number; samples: number }> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: STREAMS },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            `${GATEWAY}/api/priorities/stream`,
            { agent, headers: { cookie: voters[i % VOTERS]!.cookie, accept: 'text/event-stream' } },
            (response) => {
              if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
              resolve();
              let buffer = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                buffer += chunk;
                let end: number;
                while ((end = buffer.indexOf('\n\n')) >= 0) {
                  const event = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (!event.startsWith('event: tally')) continue;
                  const id = (JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { priorityId: string }).priorityId;
                  const sent = sentAt.get(id);
                  if (sent !== undefined) latencies.push(performance.now() - sent);
                }
              });
            },
          );
          request.on('error', reject);
          requests.push(request);
        }),
    ),
  );
  const VOTES = 100;
  for (let v = 0; v < VOTES; v++) {
    const id = seededPriorityId(offsetPriority + v);
    const voter = voters[v % VOTERS]!;
    sentAt.set(id, performance.now());
    void fetch(`${GATEWAY}/api/priorities/${id}/vote`, {
      method: 'POST',
      headers: { cookie: voter.cookie, 'x-csrf-token': voter.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ voteType: 'endorse' }),
    });
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 2_000));
  for (const request of requests) request.destroy();
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  if (sorted.length < VOTES * STREAMS) console.log(`  (${VOTES * STREAMS - sorted.length} of ${VOTES * STREAMS} expected deliveries missing)`);
  return { p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)), samples: sorted.length };
}

try {
  servers.start('services/auth/src/server.ts', { ...env, PORT: '3231' }, 'auth');
  servers.start('services/priorities/src/server.ts', { ...env, PORT: '3232' }, 'priorities', CPU_PROF);
  await Promise.all([waitHealthy('http://127.0.0.1:3231'), waitHealthy('http://127.0.0.1:3232')]);
  servers.start(
    'gateway/src/server.ts',
    { ...env, PORT: '3230', GATEWAY_SERVICES: 'auth,priorities', SERVICE_URL_AUTH: 'http://127.0.0.1:3231', SERVICE_URL_PRIORITIES: 'http://127.0.0.1:3232' },
    'gateway',
    CPU_PROF,
  );
  await waitHealthy(GATEWAY);
  const prioritiesDb = databaseUrl(env.DATABASE_URL, `${env.DATABASE_PREFIX}priorities`);
  const voters = await createVoters();
  const offset = { n: 0 };

  console.log(`priorities benchmark: distributed profile, ${DURATION} s a run, 50 connections\n`);
  console.log('seeding 1,000 priorities and 40,000 votes');
  await seedPriorities(prioritiesDb, { priorities: 1_000, votes: 40_000, log: console.log });
  if (runs('votes')) {
    // Unmeasured: the first seconds of a fresh process run cold code (JIT), which would count
    // against the 1k figures and flatter the 50k / 1k ratio.
    console.log('warm-up: 3 s of votes, not reported');
    await votes(voters, 1_000, offset, undefined, 3);
  }
  const small = runs('votes') ? line('votes, 1,000 priorities, as fast as possible', await measured(() => votes(voters, 1_000, offset))) : undefined;
  const smallBursts = runs('votes')
    ? line(`votes, 1,000 priorities, autocannon ${RATE}/s`, await measured(() => votes(voters, 1_000, offset, RATE)))
    : undefined;
  const smallAtRate = runs('votes')
    ? pacedLine(`votes, 1,000 priorities, paced ${RATE}/s`, await measured(() => pacedVotes(voters, 1_000, offset)))
    : undefined;

  console.log('\nseeding to 50,000 priorities and 2,000,000 votes');
  await seedPriorities(prioritiesDb, { priorities: 49_000, votes: 1_960_000, startAt: 1_000, log: console.log });
  await settleAfterSeeding(env.DATABASE_URL);
  if (runs('reads')) line('GET /api/priorities?limit=50, as fast as possible', await measured(() => reads(voters)));
  const readBursts = runs('reads') ? line(`GET /api/priorities?limit=50, autocannon ${RATE}/s`, await measured(() => reads(voters, RATE))) : undefined;
  const readAtRate = runs('reads') ? pacedLine(`GET /api/priorities?limit=50, paced ${RATE}/s`, await measured(() => pacedReads(voters))) : undefined;
  const large = runs('votes') ? line('votes, 50,000 priorities, as fast as possible', await measured(() => votes(voters, 50_000, offset))) : undefined;
  const largeBursts = runs('votes')
    ? line(`votes, 50,000 priorities, autocannon ${RATE}/s`, await measured(() => votes(voters, 50_000, offset, RATE)))
    : undefined;
  const largeAtRate = runs('votes')
    ? pacedLine(`votes, 50,000 priorities, paced ${RATE}/s`, await measured(() => pacedVotes(voters, 50_000, offset)))
    : undefined;

  let stream: Awaited<ReturnType<typeof streamLatency>> | undefined;
  if (runs('streams')) {
    console.log(`\n${STREAMS} open streams, 100 votes at 20/s`);
    stream = await streamLatency(voters, 40_000);
    console.log(`vote -> tally event on every stream: p50 ${stream.p50} ms, p99 ${stream.p99} ms (${stream.samples} deliveries)`);
  }

  console.log('\nagainst the targets:');
  // The targets' "p99 at 1,000/s" is the paced load's (an even 1,000/s); autocannon's overallRate
  // sends each second's share in a burst (bench/support/paced-load.ts), shown beside it.
  if (readAtRate && readBursts)
    console.log(`  read p99 at ${RATE} req/s: ${readAtRate.p99} ms paced (target <= 25); ${readBursts.p99} ms in autocannon's bursts`);
  if (small && smallAtRate && large && largeAtRate && smallBursts && largeBursts) {
    console.log(
      `  vote p99 at ${RATE} votes/s: ${largeAtRate.p99} ms with 50k, ${smallAtRate.p99} ms with 1k paced (target <= 50); ${largeBursts.p99} and ${smallBursts.p99} ms in autocannon's bursts`,
    );
    console.log(`  votes/s 50k vs 1k priorities: ${(large.rps / small.rps).toFixed(2)} (target >= 0.8)`);
  }
  if (stream) console.log(`  stream p99: ${stream.p99} ms (target <= 250)`);
} finally {
  await servers.stopAll();
  await dropBenchEnv(env);
}
process.exit();
