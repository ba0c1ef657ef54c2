// Every consuming service's dead-letter migration is the kit's DDL for its schema (one source:
// services/kit/src/events/dead-letters.ts; a migration, once applied, never changes, so the copies
// are checked rather than generated at start).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { deadLetterMigrationStatements } from '@civic/service-kit/events';
import { SERVICE_PROCESSES } from '../infra/services.ts';

test('each service has the dead-letter store the kit defines, for its own schema', async () => {
  for (const { name } of SERVICE_PROCESSES) {
    const file = new URL(`../services/${name}/prisma/migrations/20261202000000_dead_letters/migration.sql`, import.meta.url);
    const sql = (await readFile(file, 'utf8')).replace(/^--.*\n/gm, '').trim();
    const expected = deadLetterMigrationStatements(name)
      .map((statement) => `${statement};`)
      .join('\n\n');
    assert.equal(sql, expected, `${name}'s migration matches the kit's DDL`);
  }
});
