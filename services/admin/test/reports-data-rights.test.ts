// Reports and data rights (issue 20), on both profiles: a reporter's reports are theirs, so the
// account export lists them (admin section, oldest first) and erasing the account deletes them (the
// items' counts drop); erasing an author drops the reports about their items with the items.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { TAccountExport, TReportedItem } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';
import { createDocument, createPriority, report, reportPriority, signUp } from './support/report-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`reports and data rights (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ALL_SERVICES, env: TEST_ENV });

    test("the export lists the reporter's reports; erasing the reporter deletes them and the counts drop", async () => {
      const admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      const author = await sessionFor(stack, randomUUID());
      const priority = await createPriority(author);
      const document = await createDocument(author);
      const reporter = await signUp(stack, 'rights');
      const witness = await signUp(stack, 'witness');
      await reportPriority(reporter.client, priority, 'First reason');
      assert.equal((await report(reporter.client, 'briefing_doc', document.id, 'Second reason')).status, 200);
      await reportPriority(witness.client, priority, 'Witness reason');

      const exported = await reporter.client.get<TAccountExport>('/api/account/export');
      assert.equal(exported.status, 200, exported.text);
      assert.deepEqual(
        exported.body.sections.admin.reports.map((r) => [r.targetType, r.targetId, r.reason]),
        [
          ['priority', priority.id, 'First reason'],
          ['briefing_doc', document.id, 'Second reason'],
        ],
      );
      assert.ok(exported.body.sections.admin.reports.every((r) => !Number.isNaN(Date.parse(r.createdAt))));

      const countOf = async () => (await admin.get<TReportedItem[]>('/api/admin/reports')).body.find((item) => item.targetId === priority.id)?.reportCount;
      assert.equal(await countOf(), 2);
      const deleted = await reporter.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(countOf, (count) => count === 1);
      const item = (await admin.get<TReportedItem[]>('/api/admin/reports')).body.find((i) => i.targetId === priority.id)!;
      assert.deepEqual(item.reasons, ['Witness reason']);
      const tables = await openAdminTables(stack);
      assert.equal((await tables.query('SELECT 1 FROM admin.reports WHERE reporter_id = $1::uuid', [reporter.id])).length, 0);
    });

    test("erasing an author drops their items' reports", async () => {
      const admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
      const author = await signUp(stack, 'erased-author');
      const priority = await createPriority(author.client);
      const reporter = await signUp(stack, 'erased-author-reporter');
      await reportPriority(reporter.client, priority);
      assert.ok((await admin.get<TReportedItem[]>('/api/admin/reports')).body.some((item) => item.targetId === priority.id));
      const deleted = await author.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      await pollUntil(
        async () => (await admin.get<TReportedItem[]>('/api/admin/reports')).body,
        (items) => !items.some((item) => item.targetId === priority.id),
      );
      // The priority stays, detached from the erased account: nobody to report any more.
      const again = await report((await signUp(stack, 'late-reporter')).client, 'priority', priority.id);
      assert.equal(again.status, 404, again.text);
    });
  });
}
