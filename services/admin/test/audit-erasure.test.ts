// What a citizen's erasure does to the records of administrators' actions about them (issue 35 item
// 8, SECURITY 25), on both profiles: audit entries whose target is the citizen, and the entry of
// their removed document with its title, are kept but name them no more (the chain hashes a
// pseudonym whose link erasure deletes; the title lives outside the chain), and the chain still
// verifies; the dead letters of another service that named them are gone, others stay.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { accountEvents, type TAuditLog, type TAuditVerification } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { listDeadLetters, recordDeadLetter } from '@civic/service-kit/events';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { createDocument, openBriefingTables } from '../../briefing/test/support/briefing-helpers.ts';
import { type Member, member } from './support/accounts.ts';
import { openAdminTables, pollUntil, TEST_ENV } from './support/admin-helpers.ts';

/** A dead letter in briefing's store of an event about `userId` (as a profile update names a citizen). */
async function deadLetterAbout(tables: SqlDriver, userId: string, firstName: string): Promise<string> {
  const envelope = {
    id: randomUUID(),
    subject: accountEvents.ProfileUpdated.subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: { userId, firstName, lastName: 'Lettered', updatedAt: new Date().toISOString() },
  };
  await recordDeadLetter(tables, 'briefing', {
    consumer: 'briefing',
    subject: envelope.subject,
    envelope,
    error: 'Error: the handler rejected it',
    deliveries: 10,
  });
  return envelope.id;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`audit and dead letters after erasure (${profile})`, { skip }, () => {
    const tag = `eras${process.pid}${profile.slice(0, 3)}`;
    const emailOf = (label: string) => `${tag}-${label}@example.com`;
    const stack = useStack(profile, {
      services: ['auth', 'account', 'admin', 'priorities', 'briefing'],
      env: { ...TEST_ENV, ADMIN_EMAILS: emailOf('chief') },
    });
    let chief: Member;
    let adminTables: SqlDriver;
    let briefingTables: SqlDriver;
    before(async () => {
      chief = await member(stack, emailOf('chief'));
      adminTables = await openAdminTables(stack);
      briefingTables = await openBriefingTables(stack);
    });
    const logs = async (query: string) => {
      const answer = await chief.client.get<TAuditLog[]>(`/api/admin/audit-logs${query}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };
    const verify = async () => (await chief.client.get<TAuditVerification>('/api/admin/audit-logs/verify')).body;

    test("an erased citizen's audit targets and content titles are pseudonymised, the chain still verifies, and their dead letters are gone", async () => {
      const citizen = await member(stack, emailOf('citizen'));
      const document = await createDocument(citizen.client);
      const granted = await pollUntil(
        () => chief.client.request('PATCH', `/api/admin/users/${citizen.id}/admin`, { body: { isAdmin: true } }),
        (r) => r.status !== 404,
      );
      assert.equal(granted.status, 200, granted.text);
      const revoked = await chief.client.request('PATCH', `/api/admin/users/${citizen.id}/admin`, { body: { isAdmin: false } });
      assert.equal(revoked.status, 200, revoked.text);
      const deleted = await chief.client.request('DELETE', `/api/admin/briefing-docs/${document.id}`);
      assert.equal(deleted.status, 200, deleted.text);

      // Before: the entries show the citizen and the title, as the audit page always did.
      const about = await pollUntil(
        () => logs(`?search=${citizen.id}`),
        (rows) => rows.length === 3,
      );
      const byAction = (rows: TAuditLog[], action: string) => rows.find((e) => e.action === action)!;
      const documentEntry = byAction(about, 'delete_briefing_doc');
      assert.deepEqual(documentEntry.details, { title: document.title, authorId: citizen.id });
      for (const action of ['grant_admin', 'revoke_admin']) assert.equal(byAction(about, action).targetId, citizen.id);
      assert.equal((await logs(`?search=${encodeURIComponent(document.title)}`)).length, 1, 'the title is searchable');

      const named = await deadLetterAbout(briefingTables, citizen.id, 'Zebedee');
      const other = await deadLetterAbout(briefingTables, randomUUID(), 'Someone');
      const before = await verify();
      assert.equal(before.valid, true);

      const erased = await citizen.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(erased.status, 200, erased.text);
      await pollUntil(
        () => logs(`?search=${citizen.id}`),
        (rows) => rows.length === 0,
      );

      // After: the three entries are all there, naming a pseudonym and no title.
      const entries = await logs('?limit=100');
      const kept = entries.filter((e) => about.some((a) => a.id === e.id));
      assert.equal(kept.length, 3, 'the entries are kept');
      for (const action of ['grant_admin', 'revoke_admin']) {
        const entry = byAction(kept, action);
        assert.match(entry.targetId ?? '', /^[0-9a-f-]{36}$/);
        assert.notEqual(entry.targetId, citizen.id);
        assert.equal(entry.adminId, chief.id, "the administrator's own name stays");
      }
      const targets = new Set(['grant_admin', 'revoke_admin'].map((action) => byAction(kept, action).targetId));
      assert.equal(targets.size, 1, 'one pseudonym for one citizen: their entries still read as about one person');
      const pseudonymised = byAction(kept, 'delete_briefing_doc');
      assert.equal(pseudonymised.targetId, document.id);
      assert.deepEqual(Object.keys(pseudonymised.details), ['authorRef']);
      assert.equal(pseudonymised.details.authorRef, [...targets][0]);
      assert.equal((await logs(`?search=${encodeURIComponent(document.title)}`)).length, 0, 'no search finds the title');
      // Nor does anything in the database: not the chained rows, not a side table.
      const [left] = await adminTables.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM admin.audit_logs WHERE target_id = $1 OR strpos(details::text, $1) > 0 OR strpos(details::text, $2) > 0)
              + (SELECT count(*) FROM admin.audit_titles WHERE title = $2)
              + (SELECT count(*) FROM admin.audit_subjects WHERE user_id = $1::uuid) AS n`,
        [citizen.id, document.title],
      );
      assert.equal(Number(left!.n), 0);

      const after = await verify();
      assert.equal(after.valid, true, 'the chain still verifies');
      assert.equal(after.entries, before.entries, 'no entry added or removed');
      assert.equal(after.headHash, before.headHash);

      // Briefing's dead letters: the one naming the citizen went with their erasure, the other stays.
      await pollUntil(
        async () => (await briefingTables.query('SELECT 1 FROM briefing.deleted_users WHERE user_id = $1::uuid', [citizen.id])).length,
        (n) => n === 1,
      );
      const letters = await listDeadLetters(briefingTables, 'briefing');
      const ids = new Set(letters.map((l) => l.eventId));
      assert.equal(ids.has(named), false, 'the letter naming the erased citizen is gone');
      assert.equal(ids.has(other), true, 'a letter about someone else stays');
    });
  });
}
