// SQL functions have one source: services/<service>/prisma/functions/<name>.sql. The newest
// migration defining each function must equal that file, so a function edited without its
// migration (npm run db:function-migration) fails here; what the database then runs is checked
// against the same files in sql-functions-in-database.test.ts.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { writeFunctionMigration } from '../scripts/db/function-migration.ts';
import { findFunctionDrift, functionChanges, readFunctionSources } from '../scripts/db/sql-functions.ts';
import { splitStatements } from '../scripts/db/sql-statements.ts';

const SERVICES_DIR = fileURLToPath(new URL('../services', import.meta.url));

test('every function file equals the newest migration that defines its function, and every function has a file', async () => {
  assert.deepEqual(await findFunctionDrift(SERVICES_DIR), []);
  const names = (await readFunctionSources(SERVICES_DIR)).map((s) => s.name);
  for (const expected of ['priorities.apply_vote', 'priorities.apply_votes', 'priorities.apply_promotion', 'ledger.post_debit', 'auth.canonical_email']) {
    assert.ok(names.includes(expected), `${expected} has a source file`);
  }
});

test('statements split where PostgreSQL ends them: not inside a body, a string, an identifier or a comment', () => {
  const sql = `-- a comment; with a semicolon
CREATE OR REPLACE FUNCTION s.f(a int) RETURNS text LANGUAGE plpgsql AS $body$
BEGIN
  RETURN 'x;' || $$;$$; -- inside the body
END
$body$;
/* block /* nested; */ comment; */ SELECT  'it''s;'  ,  "odd;name"
  FROM t;
DROP FUNCTION IF EXISTS "s"."G"(int);`;
  const statements = splitStatements(sql);
  assert.equal(statements.length, 3);
  assert.ok(statements[0]!.text.startsWith('CREATE OR REPLACE FUNCTION') && statements[0]!.text.endsWith('$body$;'));
  assert.ok(statements[0]!.normalized.includes("\nBEGIN\n  RETURN 'x;' || $$;$$; -- inside the body\nEND\n"), 'a body is kept exactly');
  assert.equal(statements[1]!.normalized, `SELECT 'it''s;' , "odd;name" FROM t`);
  assert.deepEqual(
    functionChanges(sql).map((c) => [c.name, c.kind]),
    [
      ['s.f', 'create'],
      ['s.G', 'drop'],
    ],
  );
  // Comments and layout outside the body do not matter; CREATE FUNCTION is read as CREATE OR REPLACE.
  const [a] = functionChanges('CREATE FUNCTION s.f() RETURNS int\n  LANGUAGE sql AS $$ SELECT 1 $$;');
  const [b] = functionChanges('-- doc\nCREATE OR REPLACE FUNCTION s.f() RETURNS int LANGUAGE sql -- why\nAS $$ SELECT 1 $$;');
  const [c] = functionChanges('CREATE OR REPLACE FUNCTION s.f() RETURNS int LANGUAGE sql AS $$ SELECT  1 $$;');
  assert.equal(a!.definition, b!.definition);
  assert.notEqual(a!.definition, c!.definition, 'a body differing in a single space is another body');
});

describe('a copy of the services', () => {
  let root: string;
  let servicesDir: string;
  const functionFile = (service: string, name: string) => join(servicesDir, service, 'prisma', 'functions', `${name}.sql`);
  const migrations = (service: string) => readdir(join(servicesDir, service, 'prisma', 'migrations'));

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'sql-functions-'));
    servicesDir = join(root, 'services');
    for (const service of ['priorities', 'ledger']) {
      for (const part of ['functions', 'migrations']) {
        await cp(join(SERVICES_DIR, service, 'prisma', part), join(servicesDir, service, 'prisma', part), { recursive: true });
      }
    }
  });
  after(() => rm(root, { recursive: true, force: true }));

  test('a function edited without a migration is found, and the migration the script writes settles it', async () => {
    const file = functionFile('priorities', 'apply_vote');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace("RETURN QUERY SELECT 'missing'::text, 0, 0;", "RETURN QUERY SELECT 'gone'::text, 0, 0;"));
    const drift = await findFunctionDrift(servicesDir);
    assert.equal(drift.length, 1);
    assert.match(drift[0]!, /apply_vote\.sql differs from priorities\.apply_vote as its newest migration \(\d{14}_\w+\) defines it/);

    const before = (await migrations('priorities')).sort();
    const written = await writeFunctionMigration({ servicesDir, service: 'priorities', functions: ['apply_vote'], now: new Date('2026-11-25T12:00:00Z') });
    const after = (await migrations('priorities')).sort();
    // Named one second after the newest migration (dated ahead of now), so it also applies last on a
    // fresh database.
    const newest = before.at(-1)!.slice(0, 14);
    const [year, month, day, hour, minute, second] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(newest.slice(at, at + (i === 0 ? 4 : 2))));
    const oneSecondLater = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second! + 1));
    const expected = `${oneSecondLater.toISOString().replace(/\D/g, '').slice(0, 14)}_functions_apply_vote`;
    assert.ok(expected > before.at(-1)!, `${expected} sorts after ${before.at(-1)}`);
    assert.deepEqual(after.slice(0, -1), before);
    assert.equal(after.at(-1), expected);
    assert.ok(written.endsWith(join(expected, 'migration.sql')));
    const sql = await readFile(written, 'utf8');
    assert.ok(sql.startsWith('-- Made by npm run db:function-migration -- priorities apply_vote\n'));
    assert.ok(sql.includes(original.replace("'missing'::text, 0, 0;", "'gone'::text, 0, 0;").trimEnd()));
    assert.deepEqual(await findFunctionDrift(servicesDir), []);

    // A function already current gets no migration.
    await assert.rejects(
      writeFunctionMigration({ servicesDir, service: 'priorities', functions: ['apply_vote'] }),
      /already what its newest migration defines/,
    );
    // Later than the newest migration, the time stamp is now's.
    const votes = functionFile('priorities', 'apply_votes');
    await writeFile(votes, (await readFile(votes, 'utf8')).replace('ORDER BY k', 'ORDER BY k DESC'));
    await writeFile(file, original);
    const next = await writeFunctionMigration({
      servicesDir,
      service: 'priorities',
      functions: ['apply_vote', 'apply_votes'],
      now: new Date('2027-01-02T03:04:05Z'),
    });
    assert.ok(next.includes('20270102030405_functions_apply_vote_apply_votes'));
    assert.deepEqual(await findFunctionDrift(servicesDir), []);
  });

  test('a function without a file, a file without a migration and a file of two statements are found', async () => {
    const dir = join(servicesDir, 'ledger', 'prisma', 'migrations', '20300101000000_extra');
    await cp(join(SERVICES_DIR, 'ledger', 'prisma', 'migrations', '20261130000000_erase_entries'), dir, { recursive: true });
    await writeFile(join(dir, 'migration.sql'), 'CREATE FUNCTION ledger.unsourced() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n');
    await writeFile(functionFile('ledger', 'unmigrated'), 'CREATE OR REPLACE FUNCTION ledger.unmigrated() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n');
    await writeFile(functionFile('ledger', 'double'), 'CREATE OR REPLACE FUNCTION ledger.double() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\nSELECT 1;\n');
    const drift = await findFunctionDrift(servicesDir);
    assert.deepEqual(drift.length, 3, drift.join('\n'));
    assert.ok(drift.some((p) => /double\.sql must hold exactly one CREATE OR REPLACE FUNCTION statement/.test(p)));
    assert.ok(drift.some((p) => /unmigrated\.sql: no migration defines ledger\.unmigrated/.test(p)));
    assert.ok(drift.some((p) => /ledger\.unsourced \(defined by ledger\/prisma\/migrations\/20300101000000_extra\) has no source file/.test(p)));
  });
});
