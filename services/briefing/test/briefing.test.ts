// The events of a briefing document across services, through the gateway on both run profiles
// (spec 2.8, 6, 7.3): created (the ledger's +2 PC, social's activity, priorities' Talking Points tile)
// and deleted by an administrator (403 for others; the event names the admin; priorities' tile and
// social's activity drop it). The briefing service's own rules: test/documents/documents.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BRIEFING_MESSAGES as M, type TActivity, type TPoliticalCapitalTransaction } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { openPrioritiesTables } from '../../priorities/test/support/priorities-helpers.ts';
import {
  type Citizen,
  createDocument,
  listDocuments,
  openBriefingTables,
  pollUntil,
  sessionFor,
  signInCitizen,
  TEST_ENV,
  uniqueWord,
} from './support/briefing-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`briefing (${profile})`, { skip }, () => {
    let ada: Citizen;
    let tables: SqlDriver;
    let prioritiesTables: SqlDriver;
    /** Whether priorities counts the document in the Talking Points tile (from briefing's events). */
    const talliedByPriorities = async (documentId: string) =>
      (await prioritiesTables.query('SELECT 1 FROM priorities.briefing_documents WHERE document_id = $1::uuid', [documentId])).length === 1;
    const stack = useStack(profile, { services: ['auth', 'account', 'priorities', 'ledger', 'social', 'briefing'], env: TEST_ENV });
    before(async () => {
      tables = await openBriefingTables(stack);
      prioritiesTables = await openPrioritiesTables(stack);
      ada = await signInCitizen(stack, 'Ada', 'Lovelace');
      // Author names come by account's profile event: wait until briefing has Ada's.
      await pollUntil(
        () => tables.query<{ first_name: string | null }>('SELECT first_name FROM briefing.members WHERE user_id = $1::uuid', [ada.id]),
        (rows) => rows[0]?.first_name === 'Ada',
      );
    });

    test("a document's event: +2 PC in the ledger, social's activity, the Talking Points tile", async () => {
      const lin = await signInCitizen(stack, 'Lin', 'Briefer');
      const doc = await createDocument(lin.client, { title: 'A talking point that earns' });
      const credits = await pollUntil(
        () => lin.client.get<TPoliticalCapitalTransaction[]>('/api/political-capital/transactions'),
        (r) => r.status === 200 && r.body.some((t) => t.amount === 2),
      );
      assert.equal(credits.body.filter((t) => t.amount === 2).length, 1, 'credited once');
      assert.equal(credits.body.find((t) => t.amount === 2)!.description, 'Created a briefing document');
      const activities = await pollUntil(
        () => lin.client.get<TActivity[]>('/api/activities'),
        (r) => r.status === 200 && r.body.some((a) => a.type === 'create_briefing'),
      );
      assert.match(activities.body.find((a) => a.type === 'create_briefing')!.description, /A talking point that earns/);
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => counted,
      );
    });

    test('administrators delete a document (403 for others); the event names the admin; the tile and the activity follow', async () => {
      const doc = await createDocument(ada.client, { title: `To be deleted ${uniqueWord()}` });
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => counted,
      );
      await pollUntil(
        () => ada.client.get<TActivity[]>('/api/activities?limit=50'),
        (r) => r.status === 200 && r.body.some((activity) => activity.type === 'create_briefing' && activity.description.includes(doc.title)),
      );
      const path = `/api/admin/briefing-docs/${doc.id}`;
      assert.equal((await stack.client().request('DELETE', path)).status, 401, 'visitor');
      const refused = await ada.client.request('DELETE', path);
      assert.equal(refused.status, 403, `the author, not an admin: ${refused.text}`);
      const adminId = randomUUID();
      const admin = await sessionFor(stack, adminId, { isAdmin: true });
      const deleted = await admin.request('DELETE', path);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.body, { message: M.documentDeleted, id: doc.id });
      assert.equal((await admin.request('DELETE', path)).status, 404, 'already gone');
      assert.equal((await admin.request('DELETE', '/api/admin/briefing-docs/not-a-uuid')).status, 404);
      assert.equal(
        (await listDocuments(ada.client, '?limit=1000')).some((d) => d.id === doc.id),
        false,
      );
      const [event] = await tables.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM briefing.outbox WHERE subject = 'civic.briefing.document.deleted' AND payload->>'documentId' = $1`,
        [doc.id],
      );
      // The origin of the request (issue 35 item 8): the client's address, the request id the gateway answered.
      const origin = { ip: admin.ip, requestId: deleted.headers.get('x-request-id') };
      assert.deepEqual(
        { ...event!.payload, deletedAt: undefined },
        { documentId: doc.id, authorId: ada.id, title: doc.title, adminId, deletedAt: undefined, origin },
      );
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => !counted,
      );
      await pollUntil(
        () => ada.client.get<TActivity[]>('/api/activities?limit=50'),
        (r) => r.status === 200 && !r.body.some((activity) => activity.type === 'create_briefing' && activity.description.includes(doc.title)),
      );
    });
  });
}
