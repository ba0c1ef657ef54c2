// CI for the k6 scripts (issue 21): the smoke profile of k6/civic.js, every scenario, through the
// test harness against a distributed stack, with citizens the seeding command signed in. Errors are
// judged strictly (no iteration error, no 5xx, under 1% unexpected answers, every check); the p99s
// are reported, not judged: on a loaded 2-core machine they measure the machine.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { useStack } from '../../test/support/integration-suite.ts';
import { profilePlan } from '../../test/support/infrastructure.ts';
import { seedSessions } from '../seed/seed-sessions.ts';
import { runScript } from './run-script.ts';
import { failedVerdicts, summaryOf } from './summary.ts';

const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;
const SCRIPT = fileURLToPath(new URL('../civic.js', import.meta.url));
const SCENARIOS = ['browse', 'vote_wave', 'sign_in_burst', 'live_ranking', 'promotion_storm', 'briefing', 'network'];

describe('k6 scripts: the smoke profile against the distributed profile', { skip: distributed.skip }, () => {
  // The services the scenarios call (account and admin answer none of their routes).
  const stack = useStack('distributed', { services: ['auth', 'social', 'priorities', 'ledger', 'briefing'] });
  let sessionsFile = '';

  before(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'civic-k6-'));
    stack.onClose(() => rm(dir, { recursive: true, force: true }));
    sessionsFile = join(dir, 'sessions.json');
    await seedSessions({ baseUrl: stack.baseUrl, citizens: 4, mailDir: join(stack.dataDir, 'mail'), file: sessionsFile, clientNetworks: 4, concurrency: 2 });
  });

  test('the seeding command signs citizens in for real and writes their sessions', async () => {
    const { citizens } = JSON.parse(await readFile(sessionsFile, 'utf8'));
    assert.equal(citizens.length, 4);
    for (const citizen of citizens) {
      const cookie = Object.entries(citizen.cookies as Record<string, string>)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      const user = await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { cookie } });
      assert.equal(user.status, 200);
      assert.equal(((await user.json()) as { id: string }).id, citizen.userId);
    }
  });

  test('every scenario runs without an error, a 5xx or an unexpected answer', async (t) => {
    const result = await runScript({
      script: SCRIPT,
      env: {
        BASE_URL: stack.baseUrl,
        K6_PROFILE: 'smoke',
        K6_DURATION: '3s',
        K6_STREAM_HOLD: '2s',
        K6_SESSIONS_FILE: sessionsFile,
        K6_CLIENT_NETWORKS: '200',
      },
      // Two threads a scenario at most: each loads the script, and the machine is shared.
      maxVusPerScenario: 2,
    });
    const summary = summaryOf(result, false);
    t.diagnostic(summary);
    assert.deepEqual(result.errors, [], summary);
    assert.deepEqual(Object.keys(result.iterations).sort(), [...SCENARIOS].sort());
    for (const name of SCENARIOS) assert.ok(result.iterations[name]!.completed >= 1, `${name} completed no iteration\n${summary}`);
    assert.deepEqual(failedVerdicts(result, false), [], summary);
    assert.equal(result.store.aggregate('server_errors')?.count, 0, summary);
    // The thresholds judged what happened: the routes ran, and the latency ones have samples.
    for (const route of ['POST /api/priorities/{id}/vote', 'POST /api/auth/email/send-otp', 'GET /api/priorities/stream', 'GET /api/briefing-docs']) {
      assert.ok(result.store.aggregate('http_reqs', { name: route }), `no request to ${route}\n${summary}`);
    }
    assert.equal(result.store.aggregate('streams_held')?.rate, 1, summary);
    const promotions = (result.store.aggregate('promotions_applied')?.count ?? 0) + (result.store.aggregate('promotions_refused')?.count ?? 0);
    assert.ok(promotions >= 1, summary);
    assert.ok(
      result.verdicts.some((v) => v.latency && v.value !== null),
      `no latency threshold had samples\n${summary}`,
    );
  });
});
