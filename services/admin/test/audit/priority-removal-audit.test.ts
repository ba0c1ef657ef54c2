// civic.priorities.priority.removed (issue 20) becomes one delete_priority audit entry, in the admin
// service alone, as civic.briefing.document.deleted becomes delete_briefing_doc (../audit-log.test.ts):
// once per event id, even when handled again past the inbox; an erased author's priority (authorId
// null) is recorded too. The end-to-end path (the DELETE, ten at once) is
// services/priorities/test/priority-removal.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { prioritiesEvents, type TAuditLog } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { adminService, MIGRATIONS_DIR } from '../../src/app.ts';
import { recordPriorityRemoval } from '../../src/audit/record-from-event.ts';
import { TEST_ENV } from '../support/admin-helpers.ts';

describe('priority removal audit', () => {
  const service = useTestService(adminService, { env: TEST_ENV });
  const adminId = randomUUID();
  const logs = async (query: string) => {
    const answer = await service.asUser(adminId, { isAdmin: true }).get<TAuditLog[]>(`/api/admin/audit-logs${query}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.body;
  };

  test('one delete_priority entry per event, targeting the priority, with its title and author (null once erased)', async () => {
    const tables = (await service.platform.databases.open('admin', MIGRATIONS_DIR)).driver;
    for (const authorId of [randomUUID(), null]) {
      const priorityId = randomUUID();
      const payload = { priorityId, authorId, title: 'A removed priority', adminId, removedAt: new Date().toISOString() };
      const envelope = await service.events.deliver(prioritiesEvents.PriorityRemoved, payload);
      const found = await logs(`?action=delete_priority&search=${priorityId}`);
      assert.equal(found.length, 1);
      const [entry] = found;
      assert.equal(entry!.adminId, adminId);
      assert.equal(entry!.targetType, 'priority');
      assert.equal(entry!.targetId, priorityId);
      assert.deepEqual(entry!.details, { title: 'A removed priority', authorId });
      assert.equal(entry!.createdAt, payload.removedAt);
      // The same event handled again (a redelivery past the inbox) adds nothing.
      await tables.transaction((tx) => recordPriorityRemoval(tx, envelope.id, payload));
      assert.equal((await logs(`?search=${priorityId}`)).length, 1);
    }
  });
});
