// The admin service's part of data rights (issue 19): the export holds the audit entries of the
// actions the user took as an administrator; erasing the account keeps those entries (append-only)
// but they name no one afterwards, and the chain still verifies (docs/architecture.md "Audit log").
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TAccountExport, TAuditLog, TAuditVerification, TPlatformSetting } from '@civic/contracts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { ALL_SERVICES, useStack } from '../../../test/support/integration-suite.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { address } from '../../../test/support/test-users.ts';
import { pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`admin data rights (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ALL_SERVICES, env: TEST_ENV });

    test("export lists the user's audit entries; erasure keeps them, names no one, and the chain still verifies", async () => {
      const client = stack.client();
      const { id } = await signIn(stack, client, address('admin-rights'));
      const asAdmin = await sessionFor(stack, id, { isAdmin: true });
      const put = await asAdmin.request('PUT', '/api/admin/settings', { body: { key: 'recruit_user_reward', value: '12' } });
      assert.equal(put.status, 200, put.text);
      const other = await sessionFor(stack, crypto.randomUUID(), { isAdmin: true });
      assert.equal((await other.request('PUT', '/api/admin/settings', { body: { key: 'recruit_user_reward', value: '10' } })).status, 200);

      const exported = await client.get<TAccountExport>('/api/account/export');
      assert.equal(exported.status, 200, exported.text);
      const entries = exported.body.sections.admin.auditEntries;
      assert.equal(entries.length, 1, 'only their own actions');
      assert.equal(entries[0]!.action, 'update_setting');
      assert.deepEqual(entries[0]!.details, { key: 'recruit_user_reward', oldValue: '10', newValue: '12' });

      const before = (await other.get<TAuditVerification>('/api/admin/audit-logs/verify')).body;
      const deleted = await client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(deleted.status, 200, deleted.text);
      const [entry] = await pollUntil(
        async () => (await other.get<TAuditLog[]>(`/api/admin/audit-logs?search=recruit_user_reward`)).body.filter((e) => e.id === entries[0]!.id),
        (found) => found.length === 1 && found[0]!.adminId === null,
      );
      assert.deepEqual(entry!.details, entries[0]!.details, 'the entry is kept');
      assert.equal(entry!.ip, null, 'the client address of an erased administrator is gone');
      const after = (await other.get<TAuditVerification>('/api/admin/audit-logs/verify')).body;
      assert.deepEqual(after, before, 'same entries, same head, still valid');
      assert.equal(after.valid, true);
      const settings = (await other.get<TPlatformSetting[]>('/api/admin/settings')).body;
      assert.notEqual(settings.find((s) => s.key === 'recruit_user_reward')!.updatedBy, id);
      // No search finds the erased administrator's id any more.
      assert.equal((await other.get<TAuditLog[]>(`/api/admin/audit-logs?search=${id}`)).body.length, 0);
    });
  });
}
