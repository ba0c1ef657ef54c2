// The kit's part of erasure in a dead-letter store (SECURITY 25, issue 35 item 8): the letters whose
// event names the user, by id or by another term such as their address, in a parsed envelope or in
// the unparsed text, go; letters about anyone else stay.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDriver } from '../../src/db/pglite-driver.ts';
import { deadLetterMigrationStatements, eraseDeadLettersNaming, listDeadLetters, recordDeadLetter } from '../../src/events/dead-letters.ts';
import type { SqlDriver } from '../../src/db/sql-driver.ts';

let pglite: PGlite;
let db: SqlDriver;

before(async () => {
  pglite = new PGlite();
  db = pgliteDriver(pglite);
  await pglite.exec('CREATE SCHEMA things');
  for (const statement of deadLetterMigrationStatements('things')) await pglite.exec(statement);
});
after(() => pglite.close());

const letter = (payload: Record<string, unknown>) => ({
  consumer: 'things',
  subject: 'civic.account.profile.updated',
  envelope: { id: randomUUID(), subject: 'civic.account.profile.updated', version: 1, occurredAt: new Date().toISOString(), payload },
  error: 'Error: rejected',
  deliveries: 10,
});

test("an erased user's letters go, by id or address, parsed or raw; others stay", async () => {
  const userId = randomUUID();
  const otherId = randomUUID();
  const byId = letter({ userId, firstName: 'Ada' });
  const byAddress = letter({ email: 'Ada.Lovelace@example.com' });
  const other = letter({ userId: otherId, firstName: 'Bea' });
  for (const l of [byId, byAddress, other]) await recordDeadLetter(db, 'things', l);
  // A message that did not parse keeps its raw text; the user's id in it (upper case) is found too.
  await recordDeadLetter(db, 'things', {
    consumer: 'things',
    subject: 'civic.x.y.z',
    envelope: null,
    raw: `{"userId":"${userId.toUpperCase()}"`,
    error: 'e',
    deliveries: 1,
  });

  assert.equal(await eraseDeadLettersNaming(db, 'things', [userId, 'ada.lovelace@example.com', '']), 3);
  const left = await listDeadLetters(db, 'things');
  assert.deepEqual(
    left.map((l) => l.eventId),
    [other.envelope.id],
  );
  assert.equal(await eraseDeadLettersNaming(db, 'things', [userId]), 0, 'a repeated erasure finds nothing');
  assert.equal(await eraseDeadLettersNaming(db, 'things', []), 0);
});
