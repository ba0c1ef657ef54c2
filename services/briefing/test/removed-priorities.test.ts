// Briefing and content moderation (issue 20), on both profiles: a priority an administrator removed
// (civic.priorities.priority.removed) can no longer be named by a new document, a 400 "Priority not
// found" like an unknown one, whether briefing heard of it or asks priorities; the documents that
// already name it keep its title. The moderation list (spec 7.4: GET /api/briefing-docs?limit=100)
// shows an administrator private documents too, with isPublic false for the Public/Private badge.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BRIEFING_MESSAGES as M } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { openPrioritiesTables } from '../../priorities/test/support/priorities-helpers.ts';
import {
  createDocument,
  createKnownPriority,
  documentBody,
  listDocuments,
  messageOf,
  openBriefingTables,
  pollUntil,
  postDocument,
  sessionFor,
  TEST_ENV,
} from './support/briefing-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`briefing and removed priorities, the moderation list (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'priorities', 'briefing'], env: TEST_ENV });
    let author: ApiClient;
    let admin: ApiClient;
    let tables: SqlDriver;
    before(async () => {
      author = await sessionFor(stack, randomUUID());
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      tables = await openBriefingTables(stack);
    });

    test('a removed priority cannot be named by a new document; documents naming it keep its title', async () => {
      const title = 'Fund the rural broadband buildout';
      const priorityId = await createKnownPriority(author, tables, title);
      const before = await createDocument(author, { priorityId });
      assert.equal(before.priorityTitle, title);

      assert.equal((await admin.request('DELETE', `/api/admin/priorities/${priorityId}`)).status, 200);
      await pollUntil(
        () =>
          tables.query<{ removed: boolean }>('SELECT removed_at IS NOT NULL AS removed FROM briefing.priorities WHERE priority_id = $1::uuid', [priorityId]),
        (rows) => rows[0]?.removed === true,
      );
      const refused = await postDocument(author, documentBody({ priorityId }));
      assert.equal(refused.status, 400, refused.text);
      assert.equal(messageOf(refused), M.priorityNotFound);

      const kept = (await listDocuments(author, '?limit=100')).find((d) => d.id === before.id);
      assert.equal(kept?.priorityId, priorityId);
      assert.equal(kept?.priorityTitle, title, 'the existing document keeps the title');
    });

    test('a removed priority briefing never heard of: priorities answers none, so a 400 as well', async () => {
      const prioritiesTables = await openPrioritiesTables(stack);
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
      assert.deepEqual(await tables.query('SELECT 1 FROM briefing.priorities WHERE priority_id = $1::uuid', [priorityId]), [], 'nothing kept');
    });

    test("the moderation list (limit=100) shows an administrator's private documents with isPublic false", async () => {
      const shown = await createDocument(author);
      const hidden = await createDocument(author);
      // Documents are created public (the dialog has no control): one made private directly.
      await tables.query('UPDATE briefing.documents SET is_public = false WHERE id = $1::uuid', [hidden.id]);
      const list = await pollUntil(
        () => listDocuments(admin, '?limit=100'),
        (docs) => docs.find((d) => d.id === hidden.id)?.isPublic === false,
      );
      assert.equal(list.find((d) => d.id === shown.id)?.isPublic, true);
    });
  });
}
