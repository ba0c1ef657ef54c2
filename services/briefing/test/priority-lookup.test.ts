// A document naming a priority briefing's read model has not heard of yet (issue 17's known gap), on
// both profiles. The read model is fed by civic.priorities.priority.created; the priority here is
// written straight into the priorities service's table, with no event, which is exactly the state
// of a priority created a moment ago whose event briefing has not consumed yet, held for as long as
// the test needs (a real creation races the consumer). briefing must then ask priorities
// (rpc.priorities.priority_lookup) and store the answer; only a priority that exists nowhere is a
// 400, and so is one removed before briefing heard of it; with priorities down the answer is a 503
// naming it, not a 400 nor a 500.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BRIEFING_MESSAGES as M } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { openPrioritiesTables } from '../../priorities/test/support/priorities-helpers.ts';
import { documentBody, messageOf, openBriefingTables, postDocument, sessionFor, TEST_ENV } from './support/briefing-helpers.ts';

const PRIORITIES_UNAVAILABLE = 'The priorities service could not answer right now. Please try again.';

const knownToBriefing = async (tables: SqlDriver, priorityId: string) =>
  tables.query<{ title: string }>('SELECT title FROM briefing.priorities WHERE priority_id = $1::uuid', [priorityId]);

for (const { profile, skip } of await profilePlan()) {
  describe(`a document naming a priority briefing has not heard of yet (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'priorities', 'briefing'], env: TEST_ENV });
    let author: ApiClient;
    let authorId: string;
    let tables: SqlDriver;
    let prioritiesTables: SqlDriver;
    before(async () => {
      authorId = randomUUID();
      author = await sessionFor(stack, authorId);
      tables = await openBriefingTables(stack);
      prioritiesTables = await openPrioritiesTables(stack);
    });

    /** A priority that exists in the priorities service and whose created event was never published. */
    async function priorityWithoutEvent(title: string): Promise<string> {
      const id = randomUUID();
      await prioritiesTables.query('INSERT INTO priorities.members (user_id) VALUES ($1::uuid) ON CONFLICT DO NOTHING', [authorId]);
      await prioritiesTables.query(
        `INSERT INTO priorities.priorities (id, title, description, issue_id, author_id, created_at)
         VALUES ($1::uuid, $2, 'A priority whose creation event briefing has not consumed yet, for this test.', 1, $3::uuid, now())`,
        [id, title, authorId],
      );
      return id;
    }

    test('it is accepted: briefing asks priorities, and keeps what it answered', async () => {
      const priorityId = await priorityWithoutEvent('Repair the levees before the flood season');
      assert.deepEqual(await knownToBriefing(tables, priorityId), [], 'the read model has not heard of it');

      const answer = await postDocument(author, documentBody({ priorityId }));
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.priorityId, priorityId);
      assert.deepEqual(await knownToBriefing(tables, priorityId), [{ title: 'Repair the levees before the flood season' }], 'the answer is kept');

      // Known now: a second document needs no question (it would be answered the same anyway).
      const again = await postDocument(author, documentBody({ priorityId: priorityId.toUpperCase() }));
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.priorityId, priorityId);
    });

    test('a priority that exists nowhere is still a 400 "Priority not found", and nothing is kept', async () => {
      const priorityId = randomUUID();
      const answer = await postDocument(author, documentBody({ priorityId }));
      assert.equal(answer.status, 400, answer.text);
      assert.equal(messageOf(answer), M.priorityNotFound);
      assert.deepEqual(await knownToBriefing(tables, priorityId), []);
    });

    test('a removed priority briefing never heard of: priorities answers none, so a 400 as well', async () => {
      const priorityId = randomUUID();
      // Removed before its creation event reached briefing (written straight into priorities' table, no event).
      await prioritiesTables.query(
        `INSERT INTO priorities.priorities (id, title, description, author_id, created_at, is_active, removed_at)
         VALUES ($1::uuid, 'Removed before briefing heard of it', 'A priority removed by an administrator before any event reached briefing.', $2::uuid, now(), false, now())`,
        [priorityId, randomUUID()],
      );
      const refused = await postDocument(author, documentBody({ priorityId }));
      assert.equal(refused.status, 400, refused.text);
      assert.equal(messageOf(refused), M.priorityNotFound);
      assert.deepEqual(await knownToBriefing(tables, priorityId), [], 'nothing kept');
    });
  });

  describe(`with the priorities service down (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'briefing'], env: TEST_ENV });
    let author: ApiClient;
    let tables: SqlDriver;
    before(async () => {
      author = await sessionFor(stack, randomUUID());
      tables = await openBriefingTables(stack);
    });

    test('a priority the read model lacks is a 503 naming priorities, not a 400 or a 500; nothing is created', async () => {
      const title = `Not created while priorities is down ${randomUUID()}`;
      const answer = await postDocument(author, documentBody({ title, priorityId: randomUUID() }));
      assert.equal(answer.status, 503, answer.text);
      assert.equal(messageOf(answer), PRIORITIES_UNAVAILABLE);
      assert.deepEqual(await tables.query('SELECT 1 FROM briefing.documents WHERE title = $1', [title]), []);
    });

    test('a priority the read model has, or none at all, needs no answer from priorities', async () => {
      const priorityId = randomUUID();
      await tables.query("INSERT INTO briefing.priorities (priority_id, title, created_at) VALUES ($1::uuid, 'Heard of before the outage', now())", [
        priorityId,
      ]);
      const named = await postDocument(author, documentBody({ priorityId }));
      assert.equal(named.status, 200, named.text);
      assert.equal(named.body.priorityId, priorityId);
      const none = await postDocument(author, documentBody());
      assert.equal(none.status, 200, none.text);
    });
  });
}
