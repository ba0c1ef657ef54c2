// Backup and restore (docs/operations.md). Distributed: citizens sign in, create a priority and vote
// through the API; the backup (the function `npm run backup` runs, in-process) dumps the service
// databases while they run; the stack closes (its databases are dropped); the restore puts the dumps
// into databases under a new prefix that do not exist yet; a new stack starts on them (new roles, NATS
// and Redis) and serves the same data: the same accounts sign in again with the same ids, and the
// priority, its tally and the citizen's vote are there. Embedded, with the commands as processes: the
// PGlite directory, copied only while no process has it open, and back into a DATA_DIR without a database.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { acquireDataDirLock, embeddedLockFile, listDatabases } from '@civic/service-kit/db';
import type { TPriority } from '@civic/contracts';
import { createPriority, TEST_ENV, vote } from '../services/priorities/test/support/priorities-helpers.ts';
import type { ApiClient } from './support/api-client.ts';
import { LOCAL_INFRA, profilePlan } from './support/infrastructure.ts';
import { seedPgliteCluster } from '@civic/service-kit/testing';
import { signIn } from './support/sign-in.ts';
import { type ServiceName, startStack, type Stack } from './support/stack.ts';
import { OperatorError } from '../scripts/events/service-stores.ts';
import { backup } from '../scripts/ops/backup.ts';
import { restore } from '../scripts/ops/restore.ts';
import { address } from './support/test-users.ts';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;
// What a sign-in, a priority and a vote need (a priority is free by default: no ledger).
const SERVICES: ServiceName[] = ['auth', 'priorities'];
const distributed = (await profilePlan()).find((p) => p.profile === 'distributed')!;

function operatorCommand(script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/ops', `${script}.ts`), ...args], { cwd: ROOT, env: { ...process.env, ...env } }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
  );
}

/** What the platform serves that the restore must keep: the priority as its voter sees it, and who they are. */
async function servedData(client: ApiClient, priorityId: string) {
  const listed = await client.get<TPriority[]>('/api/priorities');
  assert.equal(listed.status, 200, listed.text);
  const priority = listed.body.find((p) => p.id === priorityId);
  assert.ok(priority, 'the priority is listed');
  const user = await client.get<{ id: string; email: string; firstName: string | null; lastName: string | null }>('/api/auth/user');
  assert.equal(user.status, 200, user.text);
  const { id, email, firstName, lastName } = user.body;
  return {
    priority: { id: priority.id, title: priority.title, endorsements: priority.endorsements, oppositions: priority.oppositions, userVote: priority.userVote },
    user: { id, email, firstName, lastName },
  };
}

describe('backup and restore (distributed)', { skip: distributed.skip }, () => {
  test('npm run backup, then npm run restore into empty databases: the restored platform serves the same data', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'civic-backup-'));
    const restoredPrefix = `civic_r${randomBytes(4).toString('hex')}_`;
    const admin = { PROFILE: 'distributed', DATABASE_URL: LOCAL_INFRA.DATABASE_URL };
    let first: Stack | undefined;
    let second: Stack | undefined;
    let closingFirst: Promise<void> | undefined;
    try {
      first = await startStack('distributed', { services: SERVICES, env: TEST_ENV });
      const authorEmail = address('backup-author');
      const voterEmail = address('backup-voter');
      const author = first.client();
      const voter = first.client();
      const authorId = (await signIn(first, author, authorEmail)).id;
      const voterId = (await signIn(first, voter, voterEmail)).id;
      const priority = await createPriority(author, { title: 'Keep the library open in the evening' });
      const cast = await vote(voter, priority.id, 'endorse');
      assert.equal(cast.status, 200, cast.text);
      const before = await servedData(voter, priority.id);
      assert.deepEqual(before.priority.userVote, { voteType: 'endorse', lastChangedAt: null });
      assert.equal(before.priority.endorsements, 1);

      // Taken while the services run, as an operator would.
      // In-process (the embedded test below runs the commands as processes): the same functions.
      await backup({ ...admin, DATABASE_PREFIX: first.env.DATABASE_PREFIX }, { out: join(folder, 'b') }, () => {});
      const manifest = JSON.parse(await readFile(join(folder, 'b', 'manifest.json'), 'utf8'));
      assert.deepEqual(manifest.databases.map((d: { service: string }) => d.service).sort(), [...SERVICES].sort());
      // Its databases are dropped while the restore runs: the restored stack shares nothing with it.
      closingFirst = first.close();
      first = undefined;

      assert.deepEqual(await listDatabases(LOCAL_INFRA.DATABASE_URL, restoredPrefix), [], 'the restore starts from nothing');
      const lines: string[] = [];
      await restore({ ...admin, DATABASE_PREFIX: restoredPrefix }, { from: join(folder, 'b') }, (line) => lines.push(line));
      // The events priorities published around the backup (the creation, the vote) go out again at start.
      assert.match(lines.join('\n'), /priorities: priorities\.dump -> \w+ \(owned by [\w-]+\); [1-9]\d* events to publish again/);
      // A second restore finds the databases in use and changes nothing.
      await assert.rejects(
        restore({ ...admin, DATABASE_PREFIX: restoredPrefix }, { from: join(folder, 'b') }, () => {}),
        (error: Error) => error instanceof OperatorError && /already holds the \w+ schema: restore goes into empty databases only/.test(error.message),
      );
      await closingFirst;

      second = await startStack('distributed', { services: SERVICES, env: TEST_ENV, databasePrefix: restoredPrefix });
      // Sessions lived in the old Redis: each citizen signs in again, and is the same account.
      const voterAgain = second.client();
      const authorAgain = second.client();
      assert.equal((await signIn(second, voterAgain, voterEmail)).id, voterId);
      assert.equal((await signIn(second, authorAgain, authorEmail)).id, authorId);
      assert.deepEqual(await servedData(voterAgain, priority.id), before);
      // And it keeps working: the restored platform takes new writes on the restored rows.
      const changed = await vote(voterAgain, priority.id, 'oppose');
      assert.equal(changed.status, 200, changed.text);
      const { userVote, ...counts } = changed.body as { userVote: { voteType: string; lastChangedAt: string | null } };
      assert.deepEqual(counts, { priorityId: priority.id, endorsements: 0, oppositions: 1 });
      assert.equal(userVote.voteType, 'oppose');
      assert.ok(userVote.lastChangedAt, 'a switch is a change: its time is given');
    } finally {
      await first?.close();
      await closingFirst?.catch(() => {});
      await second?.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/** Every file under `dir` with its SHA-256, by relative path. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(
    files.map(async (e) => {
      const path = join(e.parentPath, e.name);
      return [
        path.slice(dir.length + 1),
        createHash('sha256')
          .update(await readFile(path))
          .digest('hex'),
      ] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

test('embedded: backup copies the PGlite directory only while it is not open, restore only into a DATA_DIR without a database', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'civic-backup-embedded-'));
  const dataDir = join(folder, 'data');
  const restoredDir = join(folder, 'restored');
  try {
    await seedPgliteCluster(dataDir);
    const original = await fingerprint(join(dataDir, 'pglite'));
    // A running npm start holds the directory's lock: the backup refuses and copies nothing.
    const release = acquireDataDirLock(embeddedLockFile(dataDir), 'the embedded database');
    try {
      const refused = await operatorCommand('backup', ['--out', join(folder, 'b')], { PROFILE: 'embedded', DATA_DIR: dataDir });
      assert.equal(refused.code, 2, refused.output);
      assert.match(refused.output, new RegExp(`in use by process ${process.pid}`));
    } finally {
      release();
    }
    const backup = await operatorCommand('backup', ['--out', join(folder, 'b')], { PROFILE: 'embedded', DATA_DIR: dataDir });
    assert.equal(backup.code, 0, backup.output);
    const restore = await operatorCommand('restore', [`--from=${join(folder, 'b')}`], { PROFILE: 'embedded', DATA_DIR: restoredDir });
    assert.equal(restore.code, 0, restore.output);
    assert.deepEqual(await fingerprint(join(restoredDir, 'pglite')), original);
    assert.equal(existsSync(embeddedLockFile(restoredDir)), false, 'the restore leaves no lock behind');
    const again = await operatorCommand('restore', [`--from=${join(folder, 'b')}`], { PROFILE: 'embedded', DATA_DIR: restoredDir });
    assert.equal(again.code, 2, again.output);
    assert.match(again.output, /already holds a database: restore goes into an empty DATA_DIR only/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
