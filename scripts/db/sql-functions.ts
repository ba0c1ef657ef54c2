// SQL functions have one source (docs/ranking.md, docs/ledger.md "one source"): each function a
// service defines lives in services/<service>/prisma/functions/<name>.sql, one
// CREATE OR REPLACE FUNCTION statement. Migrations are made from those files
// (npm run db:function-migration, scripts/db/function-migration.ts) and never edited afterwards,
// so the newest migration defining a function must equal its file; findFunctionDrift says where
// they differ (test/sql-function-sources.test.ts runs it, so a forgotten migration fails CI).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { splitStatements } from './sql-statements.ts';

const IDENT = '(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)';
const CREATE_FUNCTION = new RegExp(String.raw`^CREATE (?:OR REPLACE )?FUNCTION (${IDENT})\.(${IDENT}) ?\(`, 'i');
const DROP_FUNCTION = new RegExp(String.raw`^DROP FUNCTION (?:IF EXISTS )?(${IDENT})\.(${IDENT}) ?(?:\(|$)`, 'i');

const unquote = (identifier: string) => (identifier.startsWith('"') ? identifier.slice(1, -1) : identifier.toLowerCase());

/** One statement's part in a function's history: created (or replaced) with this text, or dropped. */
export interface FunctionChange {
  /** schema.name */
  name: string;
  kind: 'create' | 'drop';
  /** The statement, comparable (sql-statements.ts), with CREATE FUNCTION read as CREATE OR REPLACE FUNCTION. */
  definition: string;
}

/** The functions a script creates or drops, in its order. */
export function functionChanges(sql: string): FunctionChange[] {
  const changes: FunctionChange[] = [];
  for (const { normalized } of splitStatements(sql)) {
    const created = CREATE_FUNCTION.exec(normalized);
    if (created) {
      changes.push({
        name: `${unquote(created[1]!)}.${unquote(created[2]!)}`,
        kind: 'create',
        // The first migration of a function may say CREATE FUNCTION; what it defines is the same.
        definition: normalized.replace(/^CREATE (?:OR REPLACE )?FUNCTION/i, 'CREATE OR REPLACE FUNCTION'),
      });
      continue;
    }
    const dropped = DROP_FUNCTION.exec(normalized);
    if (dropped) changes.push({ name: `${unquote(dropped[1]!)}.${unquote(dropped[2]!)}`, kind: 'drop', definition: normalized });
  }
  return changes;
}

export interface FunctionSource {
  service: string;
  /** schema.name: a service's schema is named after the service. */
  name: string;
  file: string;
  sql: string;
}

export const functionsDir = (servicesDir: string, service: string) => join(servicesDir, service, 'prisma', 'functions');
export const migrationsDir = (servicesDir: string, service: string) => join(servicesDir, service, 'prisma', 'migrations');

async function list(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

/** Every service's function files. */
export async function readFunctionSources(servicesDir: string): Promise<FunctionSource[]> {
  const sources: FunctionSource[] = [];
  for (const service of await list(servicesDir)) {
    const dir = functionsDir(servicesDir, service);
    for (const entry of (await list(dir)).filter((f) => f.endsWith('.sql'))) {
      const file = join(dir, entry);
      sources.push({ service, name: `${service}.${entry.slice(0, -'.sql'.length)}`, file, sql: await readFile(file, 'utf8') });
    }
  }
  return sources;
}

/** A service's migrations in the order they apply (by name), with the function changes of each. */
export async function migrationFunctionChanges(servicesDir: string, service: string): Promise<{ migration: string; changes: FunctionChange[] }[]> {
  const dir = migrationsDir(servicesDir, service);
  const migrations = [];
  for (const migration of await list(dir)) {
    const sql = await readFile(join(dir, migration, 'migration.sql'), 'utf8').catch(() => null);
    if (sql !== null) migrations.push({ migration, changes: functionChanges(sql) });
  }
  return migrations;
}

/** What a function's file defines, or why it is not one well-formed source. */
export function sourceDefinition(source: FunctionSource): { definition: string } | { problem: string } {
  const statements = splitStatements(source.sql);
  const changes = functionChanges(source.sql);
  if (statements.length !== 1 || changes.length !== 1 || changes[0]!.kind !== 'create') {
    return { problem: 'must hold exactly one CREATE OR REPLACE FUNCTION statement' };
  }
  if (!/^CREATE OR REPLACE FUNCTION/i.test(statements[0]!.normalized))
    return { problem: 'must say CREATE OR REPLACE FUNCTION (a migration replaces the function it had)' };
  if (changes[0]!.name !== source.name)
    return { problem: `defines ${changes[0]!.name}; the file of a function is named <service>/prisma/functions/<name>.sql for ${source.name}` };
  return { definition: changes[0]!.definition };
}

/**
 * Where the function files and the migrations disagree: a file that differs from the newest
 * migration defining its function (a migration is due), a function a migration defines without a
 * file, a file of a function no migration defines or whose last change was its DROP.
 */
export async function findFunctionDrift(servicesDir: string): Promise<string[]> {
  const sources = await readFunctionSources(servicesDir);
  const problems: string[] = [];
  const services = new Set([...sources.map((s) => s.service), ...(await list(servicesDir))]);
  for (const service of [...services].sort()) {
    const latest = new Map<string, { migration: string; change: FunctionChange }>();
    for (const { migration, changes } of await migrationFunctionChanges(servicesDir, service)) {
      for (const change of changes) latest.set(change.name, { migration, change });
    }
    const own = sources.filter((s) => s.service === service);
    for (const source of own) {
      const where = relative(servicesDir, source.file);
      const defined = sourceDefinition(source);
      if ('problem' in defined) {
        problems.push(`${where} ${defined.problem}`);
        continue;
      }
      const last = latest.get(source.name);
      if (!last || last.change.kind === 'drop') {
        problems.push(
          `${where}: no migration defines ${source.name}${last ? ` (${last.migration} drops it)` : ''}; run npm run db:function-migration -- ${service} ${source.name.split('.')[1]}`,
        );
      } else if (last.change.definition !== defined.definition) {
        problems.push(
          `${where} differs from ${source.name} as its newest migration (${last.migration}) defines it; run npm run db:function-migration -- ${service} ${source.name.split('.')[1]}`,
        );
      }
    }
    for (const [name, { migration, change }] of latest) {
      if (change.kind === 'create' && !own.some((s) => s.name === name)) {
        problems.push(
          `${name} (defined by ${service}/prisma/migrations/${migration}) has no source file ${service}/prisma/functions/${name.split('.')[1]}.sql`,
        );
      }
    }
  }
  return problems;
}
