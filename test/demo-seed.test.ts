// npm run seed:demo (scripts/demo/), embedded: a small demo platform seeded into a fresh DATA_DIR is
// what the application then serves (test/support/demo-platform.ts), and a second run changes nothing
// in any service's tables. The distributed profile, over HTTP: demo-seed-distributed.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createPGlite, pgliteDriver } from '@civic/service-kit/db';
import { seedDemo, type SeedDemoSummary } from '../scripts/demo/seed-demo.ts';
import { startGateway } from '../gateway/src/start-gateway.ts';
import { MIGRATIONS_DIR as LEDGER_MIGRATIONS } from '@civic/ledger';
import { ApiClient } from './support/api-client.ts';
import { assertSecondRunFoundAll, assertServesDemo, tableHashes } from './support/demo-platform.ts';
import { readLatestMail } from './support/mail-reader.ts';
import { seedPgliteCluster } from '@civic/service-kit/testing';
import { signIn } from './support/sign-in.ts';

const CITIZENS = 10;
const SCHEMAS = ['auth', 'account', 'social', 'priorities', 'ledger', 'briefing', 'admin'];

async function snapshot(dataDir: string): Promise<Record<string, string>> {
  const db = await createPGlite(join(dataDir, 'pglite'));
  try {
    return await tableHashes(pgliteDriver(db), SCHEMAS);
  } finally {
    await db.close();
  }
}

describe('npm run seed:demo (embedded)', () => {
  let dataDir: string;
  let first: SeedDemoSummary;
  let second: SeedDemoSummary;
  let before1: Record<string, string>;
  let after2: Record<string, string>;

  // Two whole seed runs and two snapshots: most of the file's time (~30 s of CPU).
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-demo-seed-'));
    await seedPgliteCluster(dataDir);
    first = await seedDemo({ dataDir, citizens: CITIZENS });
    before1 = await snapshot(dataDir);
    second = await seedDemo({ dataDir, citizens: CITIZENS });
    after2 = await snapshot(dataDir);
  });
  after(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the first run signs every citizen up and creates the plan; the second changes nothing', () => {
    assertSecondRunFoundAll(first, second, CITIZENS);
    assert.ok(Object.keys(before1).length > 30, 'every service table was compared');
    assert.deepEqual(after2, before1);
  });

  test('the application then serves the seeded platform', async () => {
    const { app, platform } = await startGateway({
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      SERVE_FRONTENDS: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: 'http://127.0.0.1',
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const client = new ApiClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      await signIn({ readLatestMail: (to: string) => readLatestMail(join(dataDir, 'mail'), to) }, client, 'visitor@example.com');
      const ledger = await platform.databases.open('ledger', LEDGER_MIGRATIONS);
      await assertServesDemo(client, ledger.driver, first);
    } finally {
      await app.close();
    }
  });
});
