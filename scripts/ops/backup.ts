// `npm run backup [-- --out DIR] [-- --service a,b]`: a backup folder (default backups/<UTC time>) that
// `npm run restore -- --from DIR` puts back into empty databases. docs/operations.md says what it holds
// and what it does not (JetStream, Redis) and why.
//
// Distributed: one `pg_dump --format=custom` per service database `${DATABASE_PREFIX}<service>`,
// connected as the server's administrator (DATABASE_URL, as for setup:distributed). Each dump is one
// consistent snapshot of its database; the databases are dumped one after the other. Without
// --service, a service whose database does not exist is named and skipped; none at all is an error.
// Embedded: the PGlite data directory under DATA_DIR, copied while no process has it open (stop
// npm start first: the command refuses while it runs).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { APP_VERSION } from '@civic/service-kit/version';
import { acquireDataDirLock, DataDirInUseError, embeddedLockFile, listDatabases } from '@civic/service-kit/db';
import { OperatorError, runOperatorCommand } from '../events/service-stores.ts';
import { type BackupManifest, MANIFEST_FILE, sha256OfFile } from './backup-manifest.ts';
import { distributedTarget, libpqConnection, profileOf, selectServices, withDatabase } from './operator-databases.ts';

const run = promisify(execFile);

async function emptyOrMissing(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** The backup `npm run backup` makes (exported for tests, which call it in-process). */
export async function backup(env: NodeJS.ProcessEnv, values: { out?: string; service?: string }, log: (line: string) => void = console.log): Promise<void> {
  const profile = profileOf(env);
  const out = resolve(values.out ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-')));
  if (!(await emptyOrMissing(out))) throw new OperatorError(`${out} is not empty: name a new folder with --out.`);
  await mkdir(out, { recursive: true });
  const manifest: BackupManifest = { format: 1, version: APP_VERSION, profile, createdAt: new Date().toISOString() };

  if (profile === 'distributed') {
    const { serverUrl, prefix } = distributedTarget(env);
    const services = selectServices(values.service);
    const existing = new Set(await listDatabases(serverUrl, prefix));
    manifest.databasePrefix = prefix;
    manifest.databases = [];
    for (const service of services) {
      const database = `${prefix}${service}`;
      if (!existing.has(database)) {
        if (values.service) throw new OperatorError(`There is no database ${database}.`);
        log(`${service}: no database ${database}, skipped`);
        continue;
      }
      const file = `${service}.dump`;
      const connection = libpqConnection(serverUrl, database);
      // Owners and grants are the deployment's (setup:distributed, and each service at start), not the dump's.
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', join(out, file), ...connection.args], { env: connection.env }).catch(
        (error: { stderr?: string; code?: string }) => {
          if (error.code === 'ENOENT') throw new OperatorError('pg_dump is not installed (the PostgreSQL client tools: apt-get install postgresql-client).');
          throw new OperatorError(`pg_dump of ${database} failed: ${error.stderr ?? error}`);
        },
      );
      const migrations =
        (await withDatabase(serverUrl, database, async (client) => {
          const { rows } = await client.query<{ name: string }>(
            `SELECT migration_name AS name FROM ${client.escapeIdentifier(service)}._prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`,
          );
          return rows.map((r) => r.name);
        }).catch(() => [])) ?? [];
      const bytes = (await stat(join(out, file))).size;
      manifest.databases.push({ service, file, sha256: await sha256OfFile(join(out, file)), bytes, migrations });
      log(`${service}: ${database} -> ${file} (${bytes} bytes, ${migrations.length} migrations applied)`);
    }
    if (manifest.databases.length === 0) throw new OperatorError(`No service database starts with ${prefix} on that server: is DATABASE_PREFIX right?`);
  } else {
    const dataDir = resolve(env.DATA_DIR ?? 'data');
    const dir = resolve(dataDir, 'pglite');
    if (!existsSync(resolve(dir, 'PG_VERSION'))) throw new OperatorError(`No embedded database in ${dir}: is DATA_DIR right?`);
    let release: () => void;
    try {
      release = acquireDataDirLock(embeddedLockFile(dataDir), dir);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        throw new OperatorError(`${error.message}\nThe embedded database is copied while no process has it open: stop npm start, run this, start it again.`);
      }
      throw error;
    }
    try {
      await cp(dir, join(out, 'pglite'), { recursive: true });
    } finally {
      release();
    }
    manifest.pgliteDir = 'pglite';
    log(`embedded: ${dir} -> ${join(out, 'pglite')}`);
  }
  await writeFile(join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`Backup of release ${APP_VERSION} in ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOperatorCommand(async () => {
    const { values } = parseArgs({ options: { out: { type: 'string' }, service: { type: 'string' } } });
    await backup(process.env, values);
  });
}
