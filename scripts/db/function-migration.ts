// npm run db:function-migration -- <service> <function> [<function> ...]
// Writes a new migration of <service> that applies the current text of each named function from its
// one source, services/<service>/prisma/functions/<function>.sql (scripts/db/sql-functions.ts).
// Migrations already written are never edited: databases have run them and the runner checks
// their checksums (services/kit/src/db/migrate.ts).
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFunctionDrift, migrationFunctionChanges, migrationsDir, readFunctionSources, sourceDefinition } from './sql-functions.ts';

/** yyyymmddhhmmss, UTC: the prefix of a migration's name. */
const stamp = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 14);

function afterStamp(previous: string): Date {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(previous)!;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s) + 1));
}

/**
 * The new migration's name: its time stamp is now, or just after the newest migration if that one
 * is dated later (some are dated ahead), so it applies after every migration that exists: on a fresh
 * database migrations apply in name order, and an older name would be overwritten by the text it replaces.
 */
export async function nextMigrationName(dir: string, label: string, now: Date): Promise<string> {
  const newest = (await readdir(dir).catch(() => [] as string[]))
    .map((name) => /^(\d{14})_/.exec(name)?.[1])
    .filter((s) => s !== undefined)
    .sort()
    .at(-1);
  const at = newest && afterStamp(newest) > now ? afterStamp(newest) : now;
  return `${stamp(at)}_${label}`;
}

export async function writeFunctionMigration(options: { servicesDir: string; service: string; functions: string[]; now?: Date }): Promise<string> {
  const { servicesDir, service, functions } = options;
  if (functions.length === 0) throw new Error('name at least one function');
  const sources = await readFunctionSources(servicesDir);
  const current = new Map<string, string>();
  for (const { changes } of await migrationFunctionChanges(servicesDir, service)) {
    for (const change of changes) current.set(change.name, change.kind === 'create' ? change.definition : '');
  }
  const parts: string[] = [];
  for (const fn of functions) {
    const source = sources.find((s) => s.name === `${service}.${fn}`);
    if (!source) throw new Error(`no source file ${service}/prisma/functions/${fn}.sql`);
    const defined = sourceDefinition(source);
    if ('problem' in defined) throw new Error(`${relative(servicesDir, source.file)} ${defined.problem}`);
    // A migration that changes nothing would only lengthen every fresh database's history.
    if (current.get(source.name) === defined.definition) throw new Error(`${source.name} is already what its newest migration defines: nothing to write`);
    parts.push(source.sql.trimEnd());
  }
  const label = `functions_${functions.join('_')}`.slice(0, 80);
  const dir = migrationsDir(servicesDir, service);
  const name = await nextMigrationName(dir, label, options.now ?? new Date());
  const header =
    `-- Made by npm run db:function-migration -- ${service} ${functions.join(' ')}\n` +
    `-- from services/${service}/prisma/functions/, where each function has its one source: edit the file\n` +
    `-- there and make a new migration; never edit this one.\n\n`;
  await mkdir(join(dir, name));
  const file = join(dir, name, 'migration.sql');
  await writeFile(file, `${header}${parts.join('\n\n')}\n`, { flag: 'wx' });
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [service, ...functions] = process.argv.slice(2);
  const servicesDir = fileURLToPath(new URL('../../services', import.meta.url));
  if (!service || functions.length === 0) {
    console.error('usage: npm run db:function-migration -- <service> <function> [<function> ...]');
    process.exit(2);
  }
  try {
    const file = await writeFunctionMigration({ servicesDir, service, functions });
    console.log(`wrote ${relative(process.cwd(), file)}`);
    const left = await findFunctionDrift(servicesDir);
    if (left.length > 0) console.log(`still to do:\n${left.map((p) => `  ${p}`).join('\n')}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
