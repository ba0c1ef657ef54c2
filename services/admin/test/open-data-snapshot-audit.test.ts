// An administrator's open-data snapshot (issue 23) becomes one take_open_data_snapshot audit entry, on
// both profiles: POST /api/admin/open-data/snapshots through the gateway, priorities' snapshot_taken
// event, the admin service's entry naming the administrator and the snapshot. A scheduled snapshot
// (requestedBy null) is nobody's action and leaves no entry; the same event handled again past the
// inbox adds nothing; the chain still verifies. The snapshot itself: services/priorities/test/open-data.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { prioritiesEvents, type TAuditLog, type TAuditVerification, type TSnapshotSummary } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { recordOpenDataSnapshot } from '../src/audit/record-from-event.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`open-data snapshot audit (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'priorities', 'admin'], env: TEST_ENV });
    const adminId = randomUUID();
    const admin = () => sessionFor(stack, adminId, { isAdmin: true });
    const logs = async (query: string) => {
      const answer = await (await admin()).get<TAuditLog[]>(`/api/admin/audit-logs${query}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };

    test("an administrator's snapshot is one take_open_data_snapshot entry naming them and the snapshot", async () => {
      const taken = await (await admin()).post<TSnapshotSummary>('/api/admin/open-data/snapshots');
      assert.equal(taken.status, 200, taken.text);
      const snapshot = taken.body;
      assert.equal(snapshot.trigger, 'admin');

      const [entry] = await pollUntil(
        () => logs(`?action=take_open_data_snapshot&search=${snapshot.id}`),
        (rows) => rows.length === 1,
      );
      assert.equal(entry!.adminId, adminId);
      assert.equal(entry!.action, 'take_open_data_snapshot');
      assert.equal(entry!.targetType, 'open_data_snapshot');
      assert.equal(entry!.targetId, snapshot.id);
      assert.deepEqual(entry!.details, { root: snapshot.root, treeSize: snapshot.treeSize, priorityCount: snapshot.priorityCount });
      assert.equal(entry!.createdAt, snapshot.takenAt);
      // The event carries the administrator's request (issue 35 item 8): its id and client address.
      assert.equal(entry!.requestId, taken.headers.get('x-request-id'), 'the request id the gateway answered');
      assert.ok(entry!.ip, 'the client address');

      // The same event handled again (a redelivery past the inbox) adds nothing.
      const tables = await openAdminTables(stack);
      const [source] = await tables.query<{ source_event_id: string }>('SELECT source_event_id::text FROM admin.audit_logs WHERE id = $1::uuid', [entry!.id]);
      const payload = {
        snapshotId: snapshot.id,
        trigger: 'admin' as const,
        requestedBy: adminId,
        root: snapshot.root,
        treeSize: snapshot.treeSize,
        priorityCount: snapshot.priorityCount,
        takenAt: snapshot.takenAt,
      };
      await tables.transaction((tx) => recordOpenDataSnapshot(tx, source!.source_event_id, payload));
      assert.equal((await logs(`?search=${snapshot.id}`)).length, 1);

      const verification = await (await admin()).get<TAuditVerification>('/api/admin/audit-logs/verify');
      assert.equal(verification.body.valid, true, verification.text);
    });

    test('a scheduled snapshot (requestedBy null) is consumed and leaves no entry', async () => {
      const producer = await startTestProducer(stack);
      try {
        const snapshotId = randomUUID();
        const envelope = await producer.publish(prioritiesEvents.OpenDataSnapshotTaken, {
          snapshotId,
          trigger: 'schedule',
          requestedBy: null,
          root: 'ab'.repeat(32),
          treeSize: 0,
          priorityCount: 0,
          takenAt: new Date().toISOString(),
        });
        const tables = await openAdminTables(stack);
        await pollUntil(
          () => tables.query('SELECT 1 FROM admin.processed_events WHERE event_id = $1::uuid', [envelope.id]),
          (rows) => rows.length === 1,
        );
        assert.deepEqual(await logs(`?search=${snapshotId}`), []);
      } finally {
        await producer.stop();
      }
    });
  });
}
