// What the database runs is what the function files say: after a service's migrations, each
// function's definition in pg_proc (pg_get_functiondef) equals the definition its file produces,
// PostgreSQL doing the normalising (types, layout of the header; the body is kept as written). The
// files' own definitions are run in a transaction that is rolled back. A service's schema holds no
// function without a file either (extensions' functions aside).
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import type { SqlDriver } from '@civic/service-kit/db';
import { readFunctionSources } from '../scripts/db/sql-functions.ts';
import { profilePlan } from './support/infrastructure.ts';
import { openMigratedDatabase } from './support/migrated-database.ts';

const SERVICES_DIR = fileURLToPath(new URL('../services', import.meta.url));
const sources = await readFunctionSources(SERVICES_DIR);
const services = [...new Set(sources.map((s) => s.service))].sort();

/** Every function of the schema that no extension installed, by name, as pg_get_functiondef gives it. */
async function definitionsIn(db: SqlDriver, schema: string): Promise<Map<string, string>> {
  const rows = await db.query<{ name: string; definition: string }>(
    `SELECT n.nspname || '.' || p.proname AS name, pg_get_functiondef(p.oid) AS definition
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY 1, 2`,
    [schema],
  );
  const byName = new Map<string, string>();
  for (const row of rows) {
    assert.ok(!byName.has(row.name), `${row.name} is overloaded; a function file names one function`);
    byName.set(row.name, row.definition);
  }
  return byName;
}

class RollBack extends Error {}

/** The definitions the function files produce, applied over the migrated ones and then rolled back. */
async function definitionsOfFiles(db: SqlDriver, schema: string, files: { sql: string }[]): Promise<Map<string, string>> {
  let defined: Map<string, string> | undefined;
  await db
    .transaction(async (tx) => {
      for (const file of files) await tx.exec(file.sql);
      defined = await definitionsIn(tx, schema);
      throw new RollBack();
    })
    .catch((error) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return defined!;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`SQL functions in the migrated database (${profile})`, { skip }, () => {
    test('there are function files', () => assert.ok(services.length >= 3, services.join(', ')));
    for (const service of services) {
      test(`${service}: pg_proc holds exactly the functions of prisma/functions, as their files define them`, async () => {
        const db = await openMigratedDatabase(profile, service);
        try {
          const files = sources.filter((s) => s.service === service);
          const migrated = await definitionsIn(db.driver, service);
          assert.deepEqual([...migrated.keys()].sort(), files.map((f) => f.name).sort(), 'one file per function, one function per file');
          const fromFiles = await definitionsOfFiles(db.driver, service, files);
          for (const file of files) assert.equal(migrated.get(file.name), fromFiles.get(file.name), `${file.name}: the database runs what ${file.file} says`);

          // The check can fail: a file changed without a migration reads as a difference.
          const [first] = files;
          const edited = first!.sql.replace(/\$\$;\s*$/, () => '  -- edited\n$$;\n');
          assert.notEqual(edited, first!.sql);
          const changed = await definitionsOfFiles(db.driver, service, [{ sql: edited }]);
          assert.notEqual(migrated.get(first!.name), changed.get(first!.name));
        } finally {
          await db.close();
        }
      });
    }
  });
}
