// The kit's own tables (outbox, inbox, dead letters, the erasure tombstone) are made by the kit's
// migrations, services/kit/migrations/<part>/<timestamp>_<name>/migration.sql, which the runner
// applies into each service's schema before the service's own (migrate.ts). `${schema}` in a file
// stands for the service's schema, as Flyway's placeholders do; the checksum is the file's own.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSchemaName } from '../events/sql-names.ts';

/** events: outbox, processed_events, dead_letters. erasure: deleted_users (the erasure guard's tombstone). */
export type KitPart = 'events' | 'erasure';
export const KIT_PARTS: readonly KitPart[] = ['events', 'erasure'];

// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder the kit's migration files hold, not a template.
const SCHEMA_PLACEHOLDER = '${schema}';

export const KIT_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The file in a service's migrations folder naming the kit parts it uses, when not all of them. */
export const KIT_PARTS_FILE = 'kit-parts.json';

export interface KitMigration {
  /** `<part>/<folder>`, as recorded in `<schema>._kit_migrations`. */
  name: string;
  part: KitPart;
  template: string;
  checksum: string;
}

/**
 * Before the kit owned its tables, each service's migrations held copies of them (`<timestamp>_outbox`,
 * `<timestamp>_dead_letters`, account's `<timestamp>_deleted_users`). In a database migrated then, such a
 * row of `_prisma_migrations` whose file is gone is moved to the kit's history (migrate.ts).
 */
export const SUPERSEDED_COPIES: Readonly<Record<string, RegExp>> = {
  'events/20261220000000_outbox': /^\d{14}_outbox$/,
  'events/20261220000100_dead_letters': /^\d{14}_dead_letters$/,
  'erasure/20261220000000_deleted_users': /^\d{14}_deleted_users$/,
};

let cache: KitMigration[] | undefined;

function allKitMigrations(): KitMigration[] {
  cache ??= KIT_PARTS.flatMap((part) =>
    readdirSync(join(KIT_MIGRATIONS_DIR, part), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((folder) => {
        const template = readFileSync(join(KIT_MIGRATIONS_DIR, part, folder, 'migration.sql'), 'utf8');
        return { name: `${part}/${folder}`, part, template, checksum: createHash('sha256').update(template).digest('hex') };
      }),
  );
  return cache;
}

/** The kit's migrations of `parts`, part by part in KIT_PARTS order, each part's in name order. */
export function kitMigrations(parts: readonly KitPart[] = KIT_PARTS): KitMigration[] {
  return allKitMigrations().filter((migration) => parts.includes(migration.part));
}

export function kitMigrationSql(migration: KitMigration, schema: string): string {
  return migration.template.replaceAll(SCHEMA_PLACEHOLDER, checkSchemaName(schema));
}

/** One kit migration's statements for `schema`, comments dropped: for tests that set up a schema by hand. */
export function kitMigrationStatements(name: string, schema: string): string[] {
  const migration = allKitMigrations().find((m) => m.name === name);
  if (!migration) throw new Error(`No kit migration ${name}`);
  // A statement ends with a line that ends in ";" (the kit's files are written so).
  const statements: string[] = [];
  let lines: string[] = [];
  for (const line of kitMigrationSql(migration, schema).split('\n')) {
    if (line.startsWith('--')) continue;
    const ends = line.trimEnd().endsWith(';');
    lines.push(ends ? line.trimEnd().slice(0, -1) : line);
    if (ends) {
      statements.push(lines.join('\n').trim());
      lines = [];
    }
  }
  statements.push(lines.join('\n').trim());
  return statements.filter((statement) => statement.length > 0);
}

/** The kit parts a service's schema gets: those its migrations folder's kit-parts.json names, or all. */
export function kitPartsOf(migrationsDir: string): KitPart[] {
  const file = join(migrationsDir, KIT_PARTS_FILE);
  if (!existsSync(file)) return [...KIT_PARTS];
  const parts = JSON.parse(readFileSync(file, 'utf8')) as { parts?: unknown };
  if (!Array.isArray(parts.parts) || !parts.parts.every((part): part is KitPart => KIT_PARTS.includes(part as KitPart))) {
    throw new Error(`${file}: "parts" must list kit parts among ${KIT_PARTS.join(', ')}`);
  }
  return parts.parts;
}
