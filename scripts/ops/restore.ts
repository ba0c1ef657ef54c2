// `npm run restore -- --from DIR`: puts a backup made by `npm run backup` back, into EMPTY databases
// only (it never overwrites data), after checking every file against the manifest's SHA-256.
//
// Distributed: each dump goes into `${DATABASE_PREFIX}<service>` (the prefix may differ from the
// backup's) on the server DATABASE_URL names, as its administrator. A database that exists must not
// hold the service's schema yet; one that does not exist is created. The restored objects belong to the
// database's owner (pg_restore --role): restore after setup:distributed and they are the service's
// owner role's; restore first and setup:distributed hands them over when it makes the roles. Each
// service grants its runtime role when it starts. Then start the release the backup names (`version`)
// or a later one (it migrates at start, or `npm run migrate`).
//
// The databases were dumped one after the other, so an event one service published before its dump
// may have reached another only after that one's dump: the restored pair would disagree for good. So
// (distributed) every outbox row published in the --republish-minutes (default 60) before the backup
// began, or during it, is marked unpublished again: the services publish those events once more when
// they start, and every consumer applies an event it has not applied and skips one its restored inbox
// (processed_events) already holds. Published rows are kept 7 days, the most this can reach back.
// Embedded: the PGlite data directory goes to DATA_DIR/pglite, which must not hold a database (one
// database, copied whole while stopped: nothing to republish).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { APP_VERSION } from '@civic/service-kit/version';
import { acquireDataDirLock, DataDirInUseError, embeddedLockFile, ensureDatabase } from '@civic/service-kit/db';
import { OperatorError, runOperatorCommand } from '../events/service-stores.ts';
import { type BackupManifest, MANIFEST_FILE, sha256OfFile } from './backup-manifest.ts';
import { databaseOwner, distributedTarget, libpqConnection, profileOf, SERVICE_NAMES, withDatabase } from './operator-databases.ts';

const run = promisify(execFile);

async function readManifest(from: string): Promise<BackupManifest> {
  const file = join(from, MANIFEST_FILE);
  if (!existsSync(file)) throw new OperatorError(`${file} not found: --from names a folder npm run backup made.`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new OperatorError(`Unknown backup format ${manifest.format}.`);
  return manifest;
}

/** The restore `npm run restore` runs (exported for tests, which call it in-process). */
export async function restore(
  env: NodeJS.ProcessEnv,
  values: { from?: string; 'republish-minutes'?: string },
  log: (line: string) => void = console.log,
): Promise<void> {
  const republishMinutes = Number(values['republish-minutes'] ?? '60');
  if (!Number.isFinite(republishMinutes) || republishMinutes < 0) throw new OperatorError('--republish-minutes takes a number of minutes (0: none).');
  if (!values.from) throw new OperatorError('Name the backup folder: npm run restore -- --from DIR');
  const from = resolve(values.from);
  const manifest = await readManifest(from);
  const profile = profileOf(env);
  if (manifest.profile !== profile) throw new OperatorError(`That backup is of the ${manifest.profile} profile; PROFILE is ${profile}.`);
  if (manifest.version !== APP_VERSION) {
    log(`The backup was made by release ${manifest.version}; this is ${APP_VERSION}. Restoring anyway: start a release at least as new as the backup's.`);
  }

  if (profile === 'distributed') {
    const { serverUrl, prefix } = distributedTarget(env);
    const databases = manifest.databases ?? [];
    // Every check before the first write: a restore that stops half-way should be the rare case.
    for (const entry of databases) {
      if (!SERVICE_NAMES.includes(entry.service)) throw new OperatorError(`The backup names an unknown service ${entry.service}.`);
      const sha256 = await sha256OfFile(join(from, entry.file));
      if (sha256 !== entry.sha256) throw new OperatorError(`${entry.file} does not match the manifest's SHA-256: the backup is damaged.`);
      const database = `${prefix}${entry.service}`;
      const holdsSchema = await withDatabase(serverUrl, database, async (client) => {
        const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [entry.service]);
        return rows.length > 0;
      });
      if (holdsSchema) {
        throw new OperatorError(
          `${database} already holds the ${entry.service} schema: restore goes into empty databases only (drop it, or restore under another DATABASE_PREFIX).`,
        );
      }
    }
    for (const entry of databases) {
      const database = `${prefix}${entry.service}`;
      await ensureDatabase(serverUrl, database);
      const owner = (await withDatabase(serverUrl, database, databaseOwner))!;
      const connection = libpqConnection(serverUrl, database);
      const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(owner.other ? ['--role', owner.owner] : [])];
      await run('pg_restore', [...args, ...connection.args, join(from, entry.file)], { env: connection.env }).catch(
        (error: { stderr?: string; code?: string }) => {
          if (error.code === 'ENOENT') throw new OperatorError('pg_restore is not installed (the PostgreSQL client tools: apt-get install postgresql-client).');
          throw new OperatorError(`pg_restore into ${database} failed (nothing of it was kept: one transaction): ${error.stderr ?? error}`);
        },
      );
      const since = new Date(Date.parse(manifest.createdAt) - republishMinutes * 60_000);
      const republished = await withDatabase(serverUrl, database, async (client) => {
        const outbox = `${client.escapeIdentifier(entry.service)}.outbox`;
        const { rows } = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [outbox]);
        if (!rows[0]?.present) return 0;
        const updated = await client.query(
          `UPDATE ${outbox} SET published_at = NULL, attempts = 0, next_attempt_at = NULL, last_error = NULL WHERE published_at >= $1`,
          [since.toISOString()],
        );
        return updated.rowCount ?? 0;
      });
      log(`${entry.service}: ${entry.file} -> ${database} (owned by ${owner.owner}); ${republished} events to publish again`);
    }
  } else {
    const dataDir = resolve(env.DATA_DIR ?? 'data');
    const dir = resolve(dataDir, 'pglite');
    if (!manifest.pgliteDir) throw new OperatorError('The backup holds no embedded database.');
    if (existsSync(resolve(dir, 'PG_VERSION'))) throw new OperatorError(`${dir} already holds a database: restore goes into an empty DATA_DIR only.`);
    await mkdir(dataDir, { recursive: true });
    let release: () => void;
    try {
      release = acquireDataDirLock(embeddedLockFile(dataDir), dir);
    } catch (error) {
      if (error instanceof DataDirInUseError) throw new OperatorError(`${error.message}\nStop npm start first.`);
      throw error;
    }
    try {
      await cp(join(from, manifest.pgliteDir), dir, { recursive: true, errorOnExist: true, force: false });
    } finally {
      release();
    }
    log(`embedded: ${join(from, manifest.pgliteDir)} -> ${dir}`);
  }
  log(`Restored the backup of ${manifest.createdAt}. Start the services: they migrate (if this release is newer) and grant their runtime roles.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOperatorCommand(async () => {
    const { values } = parseArgs({ options: { from: { type: 'string' }, 'republish-minutes': { type: 'string', default: '60' } } });
    await restore(process.env, values);
  });
}
