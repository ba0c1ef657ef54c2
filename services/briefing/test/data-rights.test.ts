// briefing's part of the account data protocols (docs/protocols/account-data.md), through the gateway
// on both run profiles: its export section, its account count (briefingDocsCount), and the erasure on
// civic.account.user.deleted (the user's documents deleted, and with them from priorities' Talking
// Points count; a tombstone against late events and racing sessions).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { accountEvents, ZAccountExport, type TAccountStats } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer, type TestProducer } from '../../../test/support/test-producer.ts';
import { profileUpdated } from '../../../test/support/account-events.ts';
import { openPrioritiesTables } from '../../priorities/test/support/priorities-helpers.ts';
import {
  createDocument,
  documentBody,
  listDocuments,
  openBriefingTables,
  pollUntil,
  postDocument,
  sessionFor,
  signInCitizen,
  TEST_ENV,
  type Citizen,
} from './support/briefing-helpers.ts';

const deleteAccount = (citizen: Citizen) => citizen.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });

for (const { profile, skip } of await profilePlan()) {
  describe(`briefing data rights (${profile})`, { skip }, () => {
    let tables: SqlDriver;
    let prioritiesTables: SqlDriver;
    /** Whether priorities counts the document in the Talking Points tile. */
    const talliedByPriorities = async (documentId: string) =>
      (await prioritiesTables.query('SELECT 1 FROM priorities.briefing_documents WHERE document_id = $1::uuid', [documentId])).length === 1;
    let producer: TestProducer;
    const stack = useStack(profile, { services: ALL_SERVICES, env: TEST_ENV });
    before(async () => {
      tables = await openBriefingTables(stack);
      prioritiesTables = await openPrioritiesTables(stack);
      producer = await startTestProducer(stack);
    });

    test("the export's briefing section: the user's documents as stored, oldest first, nothing of others", async () => {
      const owner = await signInCitizen(stack, 'Octavia', 'Exporter');
      const other = await signInCitizen(stack, 'Bartholomew', 'Stranger');
      const first = await createDocument(owner.client, { title: 'First exported document', type: 'research' });
      await createDocument(other.client, { title: 'Not the owner document' });
      const second = await createDocument(owner.client, { title: 'Second exported document', content: '  verbatim content, blanks and <b>tags</b> ' });
      const answer = await owner.client.get('/api/account/export');
      assert.equal(answer.status, 200, answer.text);
      const section = ZAccountExport.parse(answer.body).sections.briefing;
      assert.deepEqual(
        section.documents,
        [first, second].map((d) => ({
          id: d.id,
          title: d.title,
          content: d.content,
          type: d.type,
          priorityId: d.priorityId,
          isPublic: d.isPublic,
          createdAt: d.createdAt,
        })),
      );
    });

    test('account stats: briefingDocsCount is the documents the user contributed', async () => {
      const counter = await signInCitizen(stack, 'Counter', 'Citizen');
      const stats = async () => {
        const answer = await counter.client.get<TAccountStats>('/api/account/stats');
        assert.equal(answer.status, 200, answer.text);
        return answer.body;
      };
      assert.equal((await stats()).briefingDocsCount, 0);
      await createDocument(counter.client);
      await createDocument(counter.client);
      assert.equal((await stats()).briefingDocsCount, 2);
    });

    test("erasure: the user's documents go, others' stay, the tombstone holds", async () => {
      const leaving = await signInCitizen(stack, 'Leaving', 'Citizen');
      const staying = await signInCitizen(stack, 'Staying', 'Citizen');
      const gone = [await createDocument(leaving.client), await createDocument(leaving.client)];
      const kept = await createDocument(staying.client);
      for (const doc of [...gone, kept])
        await pollUntil(
          () => talliedByPriorities(doc.id),
          (counted) => counted,
        );
      await pollUntil(
        () => tables.query('SELECT 1 FROM briefing.members WHERE user_id = $1::uuid', [leaving.id]),
        (rows) => rows.length === 1,
      );

      const deleted = await deleteAccount(leaving);
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        () => tables.query('SELECT 1 FROM briefing.deleted_users WHERE user_id = $1::uuid', [leaving.id]),
        (rows) => rows.length === 1,
      );
      const listed = (await listDocuments(staying.client, '?limit=1000')).map((d) => d.id);
      for (const doc of gone) assert.equal(listed.includes(doc.id), false, 'an erased document is not listed');
      assert.ok(listed.includes(kept.id), "others' documents stay");
      assert.equal((await tables.query('SELECT 1 FROM briefing.documents WHERE author_id = $1::uuid', [leaving.id])).length, 0);
      assert.equal((await tables.query('SELECT 1 FROM briefing.members WHERE user_id = $1::uuid', [leaving.id])).length, 0);
      // The Talking Points tile (priorities, on the same account event) drops the erased documents.
      for (const doc of gone)
        await pollUntil(
          () => talliedByPriorities(doc.id),
          (counted) => !counted,
        );
      assert.equal(await talliedByPriorities(kept.id), true);

      // A session that raced the deletion records nothing.
      const racer = await sessionFor(stack, leaving.id);
      const raced = await postDocument(racer, documentBody());
      assert.equal(raced.status, 401, raced.text);
      // A late profile event brings no name back; the deletion delivered again changes nothing.
      const late = await producer.publish(accountEvents.ProfileUpdated, profileUpdated(leaving.id, { firstName: 'Ghost', lastName: 'Citizen' }));
      const redelivered = await producer.publish(accountEvents.UserDeleted, { userId: leaving.id, deletedAt: new Date().toISOString() });
      await pollUntil(
        () => tables.query('SELECT 1 FROM briefing.processed_events WHERE event_id IN ($1::uuid, $2::uuid)', [late.id, redelivered.id]),
        (rows) => rows.length === 2,
      );
      assert.equal((await tables.query('SELECT 1 FROM briefing.members WHERE user_id = $1::uuid', [leaving.id])).length, 0);
      assert.equal((await tables.query('SELECT 1 FROM briefing.documents WHERE author_id = $1::uuid', [leaving.id])).length, 0);
      assert.ok((await listDocuments(staying.client, '?limit=1000')).some((d) => d.id === kept.id));
    });
  });
}
