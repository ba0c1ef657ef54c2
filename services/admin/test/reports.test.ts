// Citizens' reports (issue 20), on both profiles: POST /api/reports once per citizen and item (a
// second is 409, also ten at once), never one's own item (400), only existing, not deleted items
// (404), refused while content_moderation_enabled is false (403, and GET /api/platform-settings says
// so) and for banned accounts (403); GET /api/admin/reports lists reported items most reported first
// with their reasons newest first, filtered by type; an owner that does not answer a lookup is a 503.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { ADMIN_MESSAGES as M, type TCitizenSettings, type TReportedItem } from '@civic/contracts';
import type { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { messageOf, openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';
import { changeSetting, createDocument, createPriority, report, reportPriority, signUp } from './support/report-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`reports (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'ledger', 'priorities', 'briefing', 'admin'], env: TEST_ENV });
    let admin: ApiClient;
    before(async () => {
      admin = await sessionFor(stack, randomUUID(), { isAdmin: true });
    });

    test('a report is taken once: a second is 409, and ten at once leave one row', async () => {
      const author = await sessionFor(stack, randomUUID());
      const priority = await createPriority(author);
      const reporter = await signUp(stack, 'once');
      const first = await report(reporter.client, 'priority', priority.id, 'Misleading claims');
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.body, { message: M.reportSubmitted });
      const second = await report(reporter.client, 'priority', priority.id, 'Again');
      assert.equal(second.status, 409, second.text);
      assert.equal(messageOf(second), M.alreadyReported);

      const other = await createPriority(author);
      const racing = await signUp(stack, 'racing');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => report(racing.client, 'priority', other.id, `Reason ${i}`)));
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, ...Array(9).fill(409)], answers.map((a) => a.text).join('\n'));
      const tables = await openAdminTables(stack);
      const rows = await tables.query<{ count: number }>('SELECT count(*)::int AS count FROM admin.reports WHERE target_id = $1::uuid', [other.id]);
      assert.equal(rows[0]!.count, 1);
    });

    test("one's own item is 400; an unknown or deleted item 404; bad input 400 with the contract's messages", async () => {
      const author = await signUp(stack, 'own');
      const priority = await createPriority(author.client);
      const own = await report(author.client, 'priority', priority.id);
      assert.equal(own.status, 400, own.text);
      assert.equal(messageOf(own), M.reportOwnContent);

      const reporter = await signUp(stack, 'unknown');
      for (const targetType of ['priority', 'briefing_doc']) {
        const unknown = await report(reporter.client, targetType, randomUUID());
        assert.equal(unknown.status, 404, unknown.text);
        assert.equal(messageOf(unknown), M.reportTargetNotFound);
      }
      const document = await createDocument(author.client);
      const deleted = await admin.request('DELETE', `/api/admin/briefing-docs/${document.id}`);
      assert.equal(deleted.status, 200, deleted.text);
      // The admin service learns of the deletion from civic.briefing.document.deleted (milliseconds
      // later; a report in between is taken, and leaves the list with the item).
      const tables = await openAdminTables(stack);
      await pollUntil(
        () => tables.query('SELECT 1 FROM admin.report_content WHERE target_id = $1::uuid AND removed_at IS NOT NULL', [document.id]),
        (rows) => rows.length === 1,
      );
      const gone = await report(reporter.client, 'briefing_doc', document.id);
      assert.equal(gone.status, 404, gone.text);

      const cases: [Record<string, unknown>, string][] = [
        [{ targetType: 'priority', targetId: priority.id, reason: '   ' }, M.reportReasonRequired],
        [{ targetType: 'priority', targetId: priority.id, reason: 'x'.repeat(501) }, M.reportReasonTooLong],
        [{ targetType: 'user', targetId: priority.id, reason: 'Spam' }, M.reportTargetType],
      ];
      for (const [body, message] of cases) {
        const answer = await reporter.client.post('/api/reports', body);
        assert.equal(answer.status, 400, answer.text);
        assert.equal(messageOf(answer), message);
      }
      // A document created a moment ago is reportable whether or not its event has arrived (the lookup).
      const fresh = await createDocument(author.client);
      const reported = await report(reporter.client, 'briefing_doc', fresh.id);
      assert.equal(reported.status, 200, reported.text);
    });

    test('content_moderation_enabled false: reports are refused (403) and GET /api/platform-settings says so', async () => {
      const author = await sessionFor(stack, randomUUID());
      const priority = await createPriority(author);
      const reporter = await signUp(stack, 'disabled');
      const flag = async () => (await reporter.client.get<TCitizenSettings>('/api/platform-settings')).body.content_moderation_enabled;
      assert.equal(await flag(), true);
      await changeSetting(stack, admin, 'content_moderation_enabled', 'false');
      try {
        const refused = await report(reporter.client, 'priority', priority.id);
        assert.equal(refused.status, 403, refused.text);
        assert.equal(messageOf(refused), M.reportsDisabled);
        assert.equal(await flag(), false);
      } finally {
        await changeSetting(stack, admin, 'content_moderation_enabled', 'true');
      }
      await reportPriority(reporter.client, priority);
    });

    test('a banned reporter gets 403 and a visitor 401; nothing is recorded', async () => {
      const author = await sessionFor(stack, randomUUID());
      const priority = await createPriority(author);
      const banned = await sessionFor(stack, randomUUID(), { isBanned: true });
      assert.equal((await report(banned, 'priority', priority.id)).status, 403);
      assert.equal((await report(stack.client(), 'priority', priority.id)).status, 401);
      const tables = await openAdminTables(stack);
      const rows = await tables.query('SELECT 1 FROM admin.reports WHERE target_id = $1::uuid', [priority.id]);
      assert.equal(rows.length, 0);
      // Citizens cannot read the list.
      assert.equal((await banned.get('/api/admin/reports')).status, 403);
      assert.equal((await author.get('/api/admin/reports')).status, 403);
    });

    test('GET /api/admin/reports: most reported first, distinct counts, reasons newest first, title and author, type filter', async () => {
      const authorId = randomUUID();
      const author = await sessionFor(stack, authorId);
      const [calm, hot] = [await createPriority(author), await createPriority(author)];
      const document = await createDocument(author);
      const reporters = [await signUp(stack, 'list0'), await signUp(stack, 'list1'), await signUp(stack, 'list2')];
      await reportPriority(reporters[0]!.client, calm, 'calm first');
      for (const [i, reporter] of reporters.entries()) await reportPriority(reporter.client, hot, `hot ${i}`);
      const docReport = await report(reporters[1]!.client, 'briefing_doc', document.id, 'doc reason');
      assert.equal(docReport.status, 200, docReport.text);

      const list = await admin.get<TReportedItem[]>('/api/admin/reports');
      assert.equal(list.status, 200, list.text);
      const ours = list.body.filter((item) => item.authorId === authorId);
      assert.deepEqual(
        ours.map((item) => [item.targetId, item.reportCount]),
        [
          [hot.id, 3],
          [document.id, 1],
          [calm.id, 1],
        ],
        'most reported first, then the most recently reported',
      );
      const top = ours[0]!;
      assert.equal(top.title, hot.title);
      assert.equal(top.targetType, 'priority');
      assert.deepEqual(top.reasons, ['hot 2', 'hot 1', 'hot 0']);
      assert.equal(Date.parse(top.createdAt), Date.parse(hot.createdAt), "the item's own creation time");
      assert.equal(top.authorName, null, 'an author the users directory has no name for');
      assert.ok(!Number.isNaN(Date.parse(top.lastReportedAt)));
      assert.ok(list.body.findIndex((item) => item.targetId === hot.id) < list.body.findIndex((item) => item.reportCount < 3 && item.authorId === authorId));

      const documents = await admin.get<TReportedItem[]>('/api/admin/reports?targetType=briefing_doc');
      assert.ok(documents.body.every((item) => item.targetType === 'briefing_doc'));
      assert.ok(documents.body.some((item) => item.targetId === document.id && item.title === document.title));
      assert.equal((await admin.get('/api/admin/reports?targetType=user')).status, 400);

      // A deleted document leaves the list (it was dealt with).
      assert.equal((await admin.request('DELETE', `/api/admin/briefing-docs/${document.id}`)).status, 200);
      await pollUntil(
        async () => (await admin.get<TReportedItem[]>('/api/admin/reports')).body,
        (items) => !items.some((item) => item.targetId === document.id),
      );
    });

    if (profile === 'distributed') {
      test('an item the admin service has not heard of while its owner does not answer: 503 naming the owner, nothing recorded', async () => {
        const reporter = await signUp(stack, 'unanswered');
        const unknown = randomUUID();
        await stack.stopService('priorities');
        try {
          const answer = await report(reporter.client, 'priority', unknown);
          assert.equal(answer.status, 503, answer.text);
          assert.equal(messageOf(answer), 'The priorities service could not answer right now. Please try again.');
        } finally {
          await stack.startService('priorities');
        }
        const tables = await openAdminTables(stack);
        assert.equal((await tables.query('SELECT 1 FROM admin.reports WHERE target_id = $1::uuid', [unknown])).length, 0);
      });
    }
  });
}
