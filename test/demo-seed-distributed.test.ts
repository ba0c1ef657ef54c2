// npm run seed:demo -- --url (scripts/demo/over-http.ts): the same plan seeded into a running
// distributed stack through its gateway over HTTP, citizens signing in through the real flow with the
// codes read from the auth service's file mailer. The stack then serves the planned platform
// (test/support/demo-platform.ts, as embedded), and a second run changes no row of any service's
// database: it reuses the kept sessions instead of signing anyone in again.
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsConnectionOptions } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { seedDemo, type SeedDeploymentOptions, type SeedDemoSummary } from '../scripts/demo/seed-demo.ts';
import { openAdminDatabase } from './support/admin-database.ts';
import { assertSecondRunFoundAll, assertServesDemo, tableHashes } from './support/demo-platform.ts';
import { profilePlan } from './support/infrastructure.ts';
import { signIn } from './support/sign-in.ts';
import { DISTRIBUTED_SERVICES, type Stack, startStack } from './support/stack.ts';

const CITIZENS = 8;
const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

/** Every JetStream consumer of the stack has delivered and been acknowledged for everything. */
async function consumersDrained(stack: Stack): Promise<boolean> {
  const nc = await connect(natsConnectionOptions(stack.env));
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.names()) {
      for await (const consumer of jsm.consumers.list(stream)) {
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) return false;
      }
    }
    return true;
  } finally {
    await nc.close();
  }
}

/** Each service database's tables, and whether its outbox is all published. */
async function snapshot(databases: Map<string, SqlDriver>): Promise<{ tables: Record<string, string>; unpublished: number }> {
  const tables: Record<string, string> = {};
  let unpublished = 0;
  for (const [service, driver] of databases) {
    const schemas = await driver.query<{ name: string }>(
      "SELECT DISTINCT table_schema AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
      [],
    );
    const hashes = await tableHashes(
      driver,
      schemas.map((s) => s.name),
    );
    for (const [table, hash] of Object.entries(hashes)) tables[`${service}:${table}`] = hash;
    for (const table of Object.keys(hashes).filter((t) => t.endsWith('.outbox'))) {
      const [row] = await driver.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE published_at IS NULL`, []);
      unpublished += row!.n;
    }
  }
  return { tables, unpublished };
}

/**
 * The stack's tables once it has nothing left to do: every outbox published, every consumer drained,
 * and the same rows twice in a row (the notifications dispatcher and the top-ten job run on timers).
 */
async function quietTables(stack: Stack, databases: Map<string, SqlDriver>, timeoutMs = 60_000): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let previous: string | undefined;
  for (;;) {
    const drained = await consumersDrained(stack);
    const { tables, unpublished } = await snapshot(databases);
    const now = JSON.stringify(tables);
    if (drained && unpublished === 0 && now === previous) return tables;
    previous = drained && unpublished === 0 ? now : undefined;
    if (Date.now() > deadline) assert.fail(`the stack did not come to rest within ${timeoutMs} ms (drained: ${drained}, unpublished: ${unpublished})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm run seed:demo -- --url (distributed)', { skip: distributed.skip }, () => {
  let stack: Stack;
  let options: SeedDeploymentOptions;
  let databases: Map<string, SqlDriver>;
  let first: SeedDemoSummary;

  before(async () => {
    stack = await startStack('distributed', {
      // The timers that write after the seed has finished, made quick so that the stack comes to rest soon.
      env: { NOTIFICATIONS_GATHER_SECONDS: '0', NOTIFICATIONS_DISPATCH_MS: '100', PRIORITIES_TOP_TEN_MS: '200' },
    });
    databases = new Map(DISTRIBUTED_SERVICES.map((s) => [s.name, openAdminDatabase(stack, s.name)]));
    options = {
      url: stack.baseUrl,
      mailDir: join(stack.dataDir, 'mail'),
      sessionsFile: join(stack.dataDir, 'demo-sessions.json'),
      citizens: CITIZENS,
      settleTimeoutMs: 60_000,
    };
  });
  after(async () => {
    await stack?.close();
  });

  // Read as soon as the seed returns: its wait for the events (settle-views.ts) is what makes the
  // balances, counts and author names right already.
  test('when the first run returns, the deployment serves the seeded platform', async () => {
    first = await seedDemo(options);
    const client = stack.client();
    await signIn(stack, client, 'visitor@example.com');
    await assertServesDemo(client, databases.get('ledger')!, first);
    assert.equal((await stat(options.sessionsFile)).mode & 0o777, 0o600, 'the kept sessions are the owner’s only');
  });

  test('a second run finds every planned item and changes no row of any service', async () => {
    assert.ok(first, 'the first run completed');
    const before1 = await quietTables(stack, databases);
    const second = await seedDemo(options);
    const after2 = await quietTables(stack, databases);
    assertSecondRunFoundAll(first, second, CITIZENS);
    assert.ok(Object.keys(before1).length > 40, 'every service table was compared');
    assert.deepEqual(after2, before1);
  });
});
