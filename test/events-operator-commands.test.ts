// The operators' dead-letter commands (npm run events:dead-letters, npm run events:replay) as an
// operator runs them: child processes against a real PostgreSQL (distributed) and a PGlite directory
// (embedded), with a real event bus replaying what they asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { z } from 'zod';
import { defineEvent } from '@civic/contracts/shared/define-event';
import { databaseUrl, dropDatabase, ensureDatabase } from '@civic/service-kit/db';
import {
  createEventBus,
  createInProcessHub,
  deadLetterMigrationStatements,
  listDeadLetters,
  outboxMigrationStatements,
  recordDeadLetter,
} from '@civic/service-kit/events';
import { pgClientDriver } from '@civic/service-kit/db';
import { LOCAL_INFRA, profilePlan } from './support/infrastructure.ts';
import { seedPgliteCluster } from '@civic/service-kit/testing';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

function command(script: 'dead-letters' | 'replay', args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/events', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const ThingNoted = defineEvent('civic.opstest.thing.noted', 1, z.object({ thingId: z.string().uuid() }));

test('distributed: the commands list a dead letter, ask for its replay, and the running service applies it once', { skip: distributed.skip }, async () => {
  const prefix = `civic_ops_${randomBytes(4).toString('hex')}_`;
  const database = `${prefix}ledger`;
  await ensureDatabase(LOCAL_INFRA.DATABASE_URL, database);
  const client = new pg.Client({ connectionString: databaseUrl(LOCAL_INFRA.DATABASE_URL, database) });
  await client.connect();
  const hub = createInProcessHub();
  const logger = { info() {}, warn() {}, error() {}, debug() {} };
  const bus = await createEventBus({ transport: 'in-process', inProcessHub: hub, logger, deadLetterPollMs: 60_000 });
  try {
    const db = pgClientDriver(client);
    for (const statement of [...outboxMigrationStatements('ledger'), ...deadLetterMigrationStatements('ledger')]) await db.execute(statement);
    await db.execute(`CREATE TABLE ledger.noted (id uuid PRIMARY KEY)`);
    const envelope = { id: randomUUID(), subject: ThingNoted.subject, version: 1, occurredAt: new Date().toISOString(), payload: { thingId: randomUUID() } };
    await recordDeadLetter(db, 'ledger', {
      consumer: 'ledger',
      subject: ThingNoted.subject,
      envelope,
      error: 'Error: the handler rejected it',
      deliveries: 10,
    });
    const env = { PROFILE: 'distributed', DATABASE_URL: LOCAL_INFRA.DATABASE_URL, DATABASE_PREFIX: prefix };

    const listed = await command('dead-letters', [], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /1 dead letter\(s\) on the distributed profile/);
    assert.match(listed.stdout, new RegExp(`ledger #1 +civic\\.opstest\\.thing\\.noted +consumer ledger +event ${envelope.id}`));
    assert.match(listed.stdout, /the handler rejected it/);
    const json = JSON.parse((await command('dead-letters', ['--json'], env)).stdout) as { id: string; service: string }[];
    assert.deepEqual(
      json.map((l) => [l.service, l.id]),
      [['ledger', '1']],
    );

    const refused = await command('replay', ['--id', '1'], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--service NAME --id ID/);

    // The service runs: its bus holds the subscription whose consumer dead-lettered the event.
    await bus.subscribe({
      consumer: 'ledger',
      event: ThingNoted,
      db: {
        ...db,
        transaction: async (fn) => {
          await client.query('BEGIN');
          try {
            const result = await fn(db);
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        },
      },
      schema: 'ledger',
      handle: async (payload, { tx }) => void (await tx.execute(`INSERT INTO ledger.noted (id) VALUES ($1::uuid)`, [payload.thingId])),
    });
    const replaying = command('replay', ['--service', 'ledger', '--id', '1', '--wait', '60'], env);
    // The command waits for the service; the service's replayer runs (here asked directly, not by its poll).
    const asked = async () => (await listDeadLetters(db, 'ledger'))[0]!.replayRequestedAt !== null;
    for (let tries = 0; !(await asked()); tries++) {
      assert.ok(tries < 400, 'the replay request never arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await bus.replayDeadLetters(), 1);
    const replayed = await replaying;
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.match(replayed.stdout, /Replay requested for 1 letter\(s\)\.\nDone\./);
    assert.deepEqual((await client.query(`SELECT count(*)::int AS n FROM ledger.noted`)).rows, [{ n: 1 }]);

    // Again: the letter is replayed already, so nothing is asked and nothing applied twice.
    const again = await command('replay', ['--all'], env);
    assert.match(again.stdout, /Nothing to replay\./);
    assert.match((await command('dead-letters', ['--all'], env)).stdout, /replayed /);
  } finally {
    await bus.close();
    await client.end();
    await dropDatabase(LOCAL_INFRA.DATABASE_URL, database);
  }
});

test('embedded: the commands refuse a data directory a running server holds, and work on one it does not', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-ops-'));
  // A live process other than the command: a child that waits.
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await seedPgliteCluster(dataDir);
    await writeFile(join(dataDir, 'pglite.lock'), `${holder.pid}\n`);
    const refused = await command('dead-letters', [], { PROFILE: 'embedded', DATA_DIR: dataDir });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, new RegExp(`in use by process ${holder.pid}`));
    assert.match(refused.stderr, /stop npm start/);

    holder.kill();
    await new Promise((resolve) => holder.once('exit', resolve));
    const listed = await command('dead-letters', [], { PROFILE: 'embedded', DATA_DIR: dataDir });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /0 dead letter\(s\) on the embedded profile/);
  } finally {
    holder.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
});
