// The audit log (issue 19, spec 2.12 "Audit Logs", 3, 7.4): an entry for every administrator action,
// in the action's transaction here or from another service's durable event (once per event id);
// append-only in the database; hash-chained, verified by the API and by `npm run audit:verify`, which
// name an entry altered behind the application's back.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, test } from 'node:test';
import { briefingEvents, type TAuditLog, type TAuditVerification } from '@civic/contracts';
import { databaseUrl } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { startTestProducer } from '../../../test/support/test-producer.ts';
import { recordBriefingDeletion } from '../src/audit/record-from-event.ts';
import { openAdminTables, pollUntil, sessionFor, TEST_ENV } from './support/admin-helpers.ts';

const VERIFY_CLI = fileURLToPath(new URL('../src/audit/verify-cli.ts', import.meta.url));

for (const { profile, skip } of await profilePlan()) {
  describe(`audit log (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'admin'], env: TEST_ENV });
    const adminId = randomUUID();
    const admin = () => sessionFor(stack, adminId, { isAdmin: true });
    const logs = async (query = '') => {
      const answer = await (await admin()).get<TAuditLog[]>(`/api/admin/audit-logs${query}`);
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };
    const verify = async () => {
      const answer = await (await admin()).get<TAuditVerification>('/api/admin/audit-logs/verify');
      assert.equal(answer.status, 200, answer.text);
      return answer.body;
    };

    test("another service's admin action (civic.briefing.document.deleted) becomes one delete_briefing_doc entry, once per event id", async () => {
      const producer = await startTestProducer(stack);
      const documentId = randomUUID();
      const authorId = randomUUID();
      const deletedAt = new Date().toISOString();
      const envelope = await producer.publish(briefingEvents.DocumentDeleted, { documentId, authorId, title: 'A deleted talking point', adminId, deletedAt });
      const [entry] = await pollUntil(
        () => logs(`?action=delete_briefing_doc&search=${documentId}`),
        (rows) => rows.length === 1,
      );
      assert.equal(entry!.adminId, adminId);
      assert.equal(entry!.targetType, 'briefing_doc');
      assert.equal(entry!.targetId, documentId);
      assert.deepEqual(entry!.details, { title: 'A deleted talking point', authorId });
      assert.equal(entry!.createdAt, new Date(deletedAt).toISOString());
      assert.equal(entry!.requestId, null, 'from an event, not a request');
      assert.equal(entry!.ip, null);
      // The same event handled again (a redelivery past the inbox) adds nothing.
      const tables = await openAdminTables(stack);
      await tables.transaction((tx) => recordBriefingDeletion(tx, envelope.id, { documentId, authorId, title: 'A deleted talking point', adminId, deletedAt }));
      assert.equal((await logs(`?search=${documentId}`)).length, 1);
      await producer.stop();
    });

    test('filters as spec 7.4 sends them: limit, offset, search, action, dateRange; bad values are 400', async () => {
      const client = await admin();
      for (const value of ['3', '4', '6']) {
        assert.equal((await client.request('PUT', '/api/admin/settings', { body: { key: 'auto_ban_threshold', value } })).status, 200);
      }
      const all = await logs('?limit=50&offset=0&action=update_setting&search=auto_ban');
      assert.equal(all.length, 3);
      assert.deepEqual(
        all.map((e) => (e.details as { newValue: string }).newValue),
        ['6', '4', '3'],
        'newest first',
      );
      assert.deepEqual(
        (await logs('?limit=2&offset=1&action=update_setting&search=auto_ban')).map((e) => e.id),
        all.slice(1, 3).map((e) => e.id),
      );
      for (const range of ['today', 'week', 'month', 'quarter']) assert.equal((await logs(`?dateRange=${range}&search=auto_ban`)).length, 3, range);
      assert.equal((await logs('?action=ban_user&search=auto_ban')).length, 0);
      assert.equal((await logs('?search=AUTO_BAN_THRESHOLD')).length, 3, 'search ignores case');
      const dashboard = await logs('?limit=10');
      assert.ok(dashboard.length <= 10);
      for (const bad of ['?action=rename_user', '?dateRange=year', '?limit=0', '?limit=101', '?offset=-1', '?unknown=1']) {
        const answer = await client.get(`/api/admin/audit-logs${bad}`);
        assert.equal(answer.status, 400, `${bad}: ${answer.text}`);
      }
      assert.equal((await sessionFor(stack, randomUUID()).then((c) => c.get('/api/admin/audit-logs'))).status, 403);
      assert.equal((await stack.client().get('/api/admin/audit-logs/verify')).status, 401);
    });

    test('the database refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
      await (await admin()).request('PUT', '/api/admin/settings', { body: { key: 'auto_ban_threshold', value: '10' } });
      const tables = await openAdminTables(stack);
      for (const sql of ["UPDATE admin.audit_logs SET details = '{}'::jsonb", 'DELETE FROM admin.audit_logs', 'TRUNCATE admin.audit_logs']) {
        await assert.rejects(tables.query(sql), /append-only|permission denied|foreign key/, sql);
      }
      assert.ok((await logs()).length > 0);
      if (stack.profile === 'distributed') {
        // The service's own runtime role lacks the privileges too, and cannot lift the trigger.
        const runtime = new pg.Client({ connectionString: databaseUrl(stack.platforms.admin!.config.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}admin`) });
        await runtime.connect();
        try {
          for (const sql of [
            "UPDATE admin.audit_logs SET details = '{}'::jsonb",
            'DELETE FROM admin.audit_logs',
            'ALTER TABLE admin.audit_logs DISABLE TRIGGER audit_logs_append_only',
          ]) {
            await assert.rejects(runtime.query(sql), /permission denied|must be owner/, sql);
          }
        } finally {
          await runtime.end();
        }
      }
    });

    test('appends made at once still form one chain (serialised on the head)', async () => {
      const client = await admin();
      const answers = await Promise.all(
        ['11', '12', '13', '14', '15', '16', '17', '18'].map((value) =>
          client.request('PUT', '/api/admin/settings', { body: { key: 'min_endorsements_for_ranking', value } }),
        ),
      );
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      assert.equal((await verify()).valid, true);
    });

    test('verify recomputes the chain; a row altered behind the app (trigger disabled, as a superuser) is named by the API and by npm run audit:verify', async () => {
      const before = await verify();
      assert.equal(before.valid, true);
      assert.ok(before.entries >= 4);
      assert.equal(before.firstInvalidId, null);
      // The head is the last entry appended (chain order), one of the newest listed (time order).
      assert.ok((await logs('?limit=20')).some((e) => e.hash === before.headHash));
      const cliUrl = stack.profile === 'distributed' ? databaseUrl(stack.env.DATABASE_URL!, `${stack.env.DATABASE_PREFIX}admin`) : null;
      if (cliUrl) {
        const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_CLI, cliUrl]);
        assert.deepEqual(JSON.parse(stdout), before);
      }
      // Tamper with an entry in the middle of the chain.
      const [victim] = (await logs('?action=update_setting&search=auto_ban')).slice(-1);
      const tables = await openAdminTables(stack);
      await tables.exec('ALTER TABLE admin.audit_logs DISABLE TRIGGER audit_logs_append_only');
      try {
        await tables.query(`UPDATE admin.audit_logs SET details = jsonb_set(details, '{newValue}', '"999"') WHERE id = $1::uuid`, [victim!.id]);
      } finally {
        await tables.exec('ALTER TABLE admin.audit_logs ENABLE TRIGGER audit_logs_append_only');
      }
      const after = await verify();
      assert.equal(after.valid, false);
      assert.equal(after.firstInvalidId, victim!.id);
      assert.equal(after.entries, before.entries);
      if (cliUrl) {
        const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_CLI, cliUrl]).catch(
          (error: { code: number; stdout: string }) => error,
        );
        assert.equal((failed as { code: number }).code, 1);
        assert.equal(JSON.parse((failed as { stdout: string }).stdout).firstInvalidId, victim!.id);
      }
    });
  });
}
