// Every service's hand-written migrations produce exactly what its schema.prisma describes.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { kitPartsOf, pgliteDriver, runMigrations } from '@civic/service-kit/db';
import { openPgliteCopy } from './support/pglite-copy.ts';
import { findSchemaDrift } from './support/schema-drift.ts';
import { schemaSnapshot } from './support/schema-snapshot.ts';

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
      const { db, close } = await openPgliteCopy();
      try {
        const driver = pgliteDriver(db);
        await runMigrations(driver, { schema: name, migrationsDir: join(prismaDir, 'migrations') });
        assert.deepEqual(await findSchemaDrift(join(prismaDir, 'schema.prisma'), driver, name), []);
        // The check can fail: a column the model does not know is reported.
        await driver.exec(`ALTER TABLE "${name}"."users" ADD COLUMN IF NOT EXISTS surprise int`).catch(() => {});
        const drift = await findSchemaDrift(join(prismaDir, 'schema.prisma'), driver, name);
        if (name === 'auth') assert.deepEqual(drift, ['column users.surprise exists in the database but not in model User']);
      } finally {
        await close();
      }
    });
  }
});

describe('kit tables', () => {
  // The kit's migrations make them in every schema (services/kit/migrations); each service's is the same.
  test('every service has the same outbox, inbox and dead-letter store, and the tombstone where it keeps one', async () => {
    const { db, close } = await openPgliteCopy();
    try {
      const driver = pgliteDriver(db);
      const shapes = new Map<string, string[]>();
      for (const { name, prismaDir } of services) {
        await runMigrations(driver, { schema: name, migrationsDir: join(prismaDir, 'migrations') });
        const kitTables = (await schemaSnapshot(driver, name))
          .filter(
            (line) =>
              /^(column|constraint) (outbox|processed_events|dead_letters|deleted_users)\./.test(line) ||
              /^index .* ON \S+\.(outbox|processed_events|dead_letters|deleted_users) /.test(line),
          )
          .map((line) => line.replaceAll(`${name}.`, '<schema>.'));
        shapes.set(name, kitTables);
      }
      const [first, ...others] = [...shapes];
      for (const [name, shape] of others) {
        const expected = kitPartsOf(join(SERVICES_DIR, name, 'prisma', 'migrations')).includes('erasure')
          ? first![1]
          : first![1].filter((line) => !line.includes('deleted_users'));
        assert.deepEqual(shape, expected, `${name}'s kit tables are ${first![0]}'s`);
      }
      assert.ok(first![1].some((line) => line.startsWith('column outbox.seq')));
      assert.ok(first![1].some((line) => line.startsWith('index CREATE UNIQUE INDEX dead_letters_event_idx')));
    } finally {
      await close();
    }
  });
});
