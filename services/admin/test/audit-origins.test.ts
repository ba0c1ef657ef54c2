// SECURITY 23 for the administrators' actions carried out outside the admin service (issue 35 item
// 8): grant/revoke admin, ban/unban, approve/reject in auth, a priority's removal and an open-data
// snapshot in priorities, a document's removal in briefing. Each leaves one audit entry naming the
// administrator, the client's address and the request id the gateway answered the call with; the
// event that carries them is the service's own, on both profiles.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { TAuditLog, TAuditVerification, TSnapshotSummary } from '@civic/contracts';
import type { ApiResponse } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { createDocument } from '../../briefing/test/support/briefing-helpers.ts';
import { type Member, member, whileApprovalRequired } from './support/accounts.ts';
import { createPriority, pollUntil, TEST_ENV } from './support/admin-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`audit origins of admin actions in other services (${profile})`, { skip }, () => {
    const tag = `orig${process.pid}${profile.slice(0, 3)}`;
    const emailOf = (label: string) => `${tag}-${label}@example.com`;
    const stack = useStack(profile, {
      services: ['auth', 'account', 'admin', 'priorities', 'briefing'],
      env: { ...TEST_ENV, ADMIN_EMAILS: emailOf('chief') },
    });
    let chief: Member;
    before(async () => {
      chief = await member(stack, emailOf('chief'));
    });

    /** The one entry of `action` about `targetId`, once the admin service has written it. */
    const entryOf = async (action: string, targetId: string): Promise<TAuditLog> => {
      const [entry] = await pollUntil(
        async () => {
          const answer = await chief.client.get<TAuditLog[]>(`/api/admin/audit-logs?action=${action}&search=${targetId}`);
          assert.equal(answer.status, 200, answer.text);
          return answer.body.filter((e) => e.targetId === targetId);
        },
        (found) => found.length === 1,
      );
      return entry!;
    };

    /** The entry names the administrator, their client's address and the request id of `call`'s answer. */
    const assertOrigin = (entry: TAuditLog, call: ApiResponse) => {
      assert.equal(entry.adminId, chief.id);
      assert.equal(entry.ip, chief.client.ip, 'the client address the gateway saw');
      const requestId = call.headers.get('x-request-id');
      assert.match(requestId ?? '', /^[0-9a-f-]{36}$/);
      assert.equal(entry.requestId, requestId, 'the request id the gateway answered');
    };

    test('grant and revoke admin, ban and unban, approve and reject: each entry has the admin, the client address and the request id', async () => {
      const target = await member(stack, emailOf('target'));
      const calls: [string, () => Promise<ApiResponse>][] = [
        ['grant_admin', () => chief.client.request('PATCH', `/api/admin/users/${target.id}/admin`, { body: { isAdmin: true } })],
        ['revoke_admin', () => chief.client.request('PATCH', `/api/admin/users/${target.id}/admin`, { body: { isAdmin: false } })],
        ['ban_user', () => chief.client.post(`/api/admin/users/${target.id}/ban`)],
        ['unban_user', () => chief.client.post(`/api/admin/users/${target.id}/unban`)],
      ];
      for (const [action, call] of calls) {
        const answer = await pollUntil(call, (r) => r.status !== 404);
        assert.equal(answer.status, 200, `${action}: ${answer.text}`);
        assertOrigin(await entryOf(action, target.id), answer);
      }
      const [accepted, refused] = await whileApprovalRequired(stack, chief.client, () =>
        Promise.all([member(stack, emailOf('accepted')), member(stack, emailOf('refused'))]),
      );
      for (const [pending, decision, recorded] of [
        [accepted, 'approve', 'approved'],
        [refused, 'reject', 'rejected'],
      ] as const) {
        const decided = await pollUntil(
          () => chief.client.post(`/api/admin/users/${pending.id}/${decision}`),
          (r) => r.status !== 404,
        );
        assert.equal(decided.status, 200, decided.text);
        const entry = await entryOf('update_user', pending.id);
        assert.deepEqual(entry.details, { decision: recorded });
        assertOrigin(entry, decided);
      }
    });

    test("a priority's removal, a document's removal and a snapshot: each entry has the admin, the client address and the request id", async () => {
      const author = await member(stack, emailOf('author'));
      const priority = await createPriority(author.client);
      const removed = await chief.client.request('DELETE', `/api/admin/priorities/${priority.id}`, { body: {} });
      assert.equal(removed.status, 200, removed.text);
      assertOrigin(await entryOf('delete_priority', priority.id), removed);

      const document = await createDocument(author.client);
      const deleted = await chief.client.request('DELETE', `/api/admin/briefing-docs/${document.id}`);
      assert.equal(deleted.status, 200, deleted.text);
      const documentEntry = await entryOf('delete_briefing_doc', document.id);
      assertOrigin(documentEntry, deleted);
      assert.deepEqual(documentEntry.details, { title: document.title, authorId: author.id });

      const taken = await chief.client.post<TSnapshotSummary>('/api/admin/open-data/snapshots');
      assert.equal(taken.status, 200, taken.text);
      assertOrigin(await entryOf('take_open_data_snapshot', taken.body.id), taken);

      const verification = await chief.client.get<TAuditVerification>('/api/admin/audit-logs/verify');
      assert.equal(verification.body.valid, true, verification.text);
    });
  });
}
