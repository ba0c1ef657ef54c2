// civic.priorities.priority.removed (issue 20) becomes one delete_priority audit entry, on both
// profiles, as civic.briefing.document.deleted becomes delete_briefing_doc (audit-log.test.ts): once
// per event id, even when handled again past the inbox; an erased author's priority (authorId null)
// is recorded too. The end-to-end path (the DELETE, ten at once) is services/priorities/test/priority-removal.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { prioritiesEvents, type TAuditLog } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { SqlExecutor } from '@civic/service-kit/events';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { recordPriorityRemoval } from '../src/audit/record-from-event.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';

/** A driver's transaction as the executor the service's functions take. */
const executorOf = (driver: SqlDriver): SqlExecutor => ({
  $executeRawUnsafe: async (query, ...values) => (await driver.query(query, values)).length,
  $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await driver.query(query, values)) as T,
});

for (const { profile, skip } of await profilePlan()) {
  describe(`priority removal audit (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'admin'], env: TEST_ENV });
    const adminId = randomUUID();
    const logs = async (query: string) => {
      const answer = await (await sessionFor(stack, adminId, { isAdmin: true })).get<TAuditLog[]>(`/api/admin/audit-logs${query}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };

    test('one delete_priority entry per event, targeting the priority, with its title and author (null once erased)', async () => {
      const producer = await startTestProducer(stack);
      try {
        for (const authorId of [randomUUID(), null]) {
          const priorityId = randomUUID();
          const payload = { priorityId, authorId, title: 'A removed priority', adminId, removedAt: new Date().toISOString() };
          const envelope = await producer.publish(prioritiesEvents.PriorityRemoved, payload);
          const [entry] = await pollUntil(
            () => logs(`?action=delete_priority&search=${priorityId}`),
            (rows) => rows.length === 1,
          );
          assert.equal(entry!.adminId, adminId);
          assert.equal(entry!.targetType, 'priority');
          assert.equal(entry!.targetId, priorityId);
          assert.deepEqual(entry!.details, { title: 'A removed priority', authorId });
          assert.equal(entry!.createdAt, payload.removedAt);
          // The same event handled again (a redelivery past the inbox) adds nothing.
          const tables = await openAdminTables(stack);
          await tables.transaction((tx) => recordPriorityRemoval(executorOf(tx), envelope.id, payload));
          assert.equal((await logs(`?search=${priorityId}`)).length, 1);
        }
      } finally {
        await producer.stop();
      }
    });
  });
}
