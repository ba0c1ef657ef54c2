// Every service's hand-written migrations produce exactly what its schema.prisma describes.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { createPGlite, pgliteDriver, runMigrations } from '@civic/service-kit/db';
import { outboxMigrationSql } from '@civic/service-kit/events';
import { findSchemaDrift } from './support/schema-drift.ts';

const SERVICES_DIR = fileURLToPath(new URL('../services', import.meta.url));
const services: { name: string; prismaDir: string }[] = [];
for (const name of await readdir(SERVICES_DIR)) {
  const prismaDir = join(SERVICES_DIR, name, 'prisma');
  if ((await readdir(prismaDir).catch(() => [] as string[])).includes('schema.prisma')) services.push({ name, prismaDir });
}

describe('schema drift', () => {
  test('there are services to check', () => assert.ok(services.length > 0));
  for (const { name, prismaDir } of services) {
    test(`${name}: migrations match schema.prisma`, async () => {
      const db = await createPGlite();
      try {
        const driver = pgliteDriver(db);
        await runMigrations(driver, { schema: name, migrationsDir: join(prismaDir, 'migrations') });
        assert.deepEqual(await findSchemaDrift(join(prismaDir, 'schema.prisma'), driver, name), []);
        // The check can fail: a column the model does not know is reported.
        await driver.exec(`ALTER TABLE "${name}"."users" ADD COLUMN IF NOT EXISTS surprise int`).catch(() => {});
        const drift = await findSchemaDrift(join(prismaDir, 'schema.prisma'), driver, name);
        if (name === 'auth') assert.deepEqual(drift, ['column users.surprise exists in the database but not in model User']);
      } finally {
        await db.close();
      }
    });
  }
});

describe('outbox migrations', () => {
  // Migrations are static files, so each service keeps a copy of the kit's outbox DDL; this keeps the copies true.
  for (const { name, prismaDir } of services) {
    test(`${name}: its outbox migration is the kit's outbox DDL`, async () => {
      const migrations = await readdir(join(prismaDir, 'migrations'));
      const outbox = migrations.find((m) => m.endsWith('_outbox'));
      assert.ok(outbox, `${name} has an *_outbox migration`);
      const sql = await readFile(join(prismaDir, 'migrations', outbox, 'migration.sql'), 'utf8');
      assert.equal(sql.replace(/^--.*\n/gm, ''), outboxMigrationSql(name));
    });
  }
});
