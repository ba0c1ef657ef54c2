// Platform settings (issue 19, spec 2.12, 3, 9): stored by the admin service, validated per key, and
// obeyed by another service within a second of the PUT: the priorities service's daily limit, in
// both profiles, and in two replicas of priorities when distributed (the NATS KV bucket each watches).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  dailyLimitMessage,
  PLATFORM_SETTING_DEFAULTS,
  REGISTRATION_NOTICES,
  registrationNotice,
  ZRegistrationStatus,
  type TAuditLog,
  type TCitizenSettings,
  type TPlatformSetting,
  type TRegistrationStatus,
} from '@civic/contracts';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { createIdentitySigner, IDENTITY_HEADER, type Platform, settingsBucketFor } from '@civic/service-kit';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { createPriority, messageOf, pollUntil, priorityBody, sessionFor, signInCitizen, TEST_ENV } from './support/admin-helpers.ts';

for (const { profile, skip } of await profilePlan()) {
  describe(`platform settings (${profile})`, { skip }, () => {
    const stack = useStack(profile, { services: ['auth', 'account', 'ledger', 'priorities', 'admin'], env: TEST_ENV });
    const adminId = randomUUID();
    const admin = () => sessionFor(stack, adminId, { isAdmin: true });

    test('GET /api/admin/settings lists the spec 9 defaults with description and category', async () => {
      const answer = await (await admin()).get<TPlatformSetting[]>('/api/admin/settings');
      assert.equal(answer.status, 200, answer.text);
      const byKey = new Map(answer.body.map((s) => [s.key, s]));
      for (const d of PLATFORM_SETTING_DEFAULTS) {
        const setting = byKey.get(d.key);
        assert.ok(setting, d.key);
        assert.equal(setting.category, d.category);
        assert.ok(setting.description.length > 0);
      }
      assert.equal(answer.body.length, PLATFORM_SETTING_DEFAULTS.length);
    });

    test('PUT validates per key: booleans true/false, whole numbers within the bound, unknown keys; each 400 names the rule', async () => {
      const client = await admin();
      const cases: [Record<string, unknown>, string][] = [
        [{ key: 'registration_enabled', value: 'yes' }, 'registration_enabled must be true or false'],
        [{ key: 'max_priorities_per_user_per_day', value: '0' }, 'max_priorities_per_user_per_day must be a whole number from 1 to 10000'],
        [{ key: 'priority_promotion_cost', value: '-5' }, 'priority_promotion_cost must be a whole number from 0 to 1000000'],
        [{ key: 'vote_change_cooldown_hours', value: '1.5' }, 'vote_change_cooldown_hours must be a whole number from 0 to 8760'],
        [{ key: 'no_such_setting', value: '1' }, 'Unknown setting: no_such_setting'],
      ];
      for (const [body, message] of cases) {
        const answer = await client.request('PUT', '/api/admin/settings', { body });
        assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
        assert.equal(messageOf(answer), message);
      }
      const settings = await client.get<TPlatformSetting[]>('/api/admin/settings');
      assert.equal(settings.body.find((s) => s.key === 'registration_enabled')!.value, 'true', 'nothing changed');
    });

    test('a citizen gets 403 and a visitor 401 from the admin settings; both read nothing', async () => {
      const citizen = await sessionFor(stack, randomUUID());
      assert.equal((await citizen.get('/api/admin/settings')).status, 403);
      assert.equal((await citizen.request('PUT', '/api/admin/settings', { body: { key: 'daily_login_bonus', value: '9' } })).status, 403);
      assert.equal((await stack.client().get('/api/admin/settings')).status, 401);
      assert.equal((await stack.client().get('/api/platform-settings')).status, 401);
    });

    test('max_priorities_per_user_per_day changed through the API is obeyed by priorities within 1 s (every replica), and audited', async (t) => {
      const replica = stack.profile === 'distributed' ? await stack.startReplica('priorities') : null;
      const citizen = await signInCitizen(stack, 'Limit', 'Setter');
      await createPriority(citizen.client);
      const client = await admin();
      const put = await client.request<TPlatformSetting>('PUT', '/api/admin/settings', {
        body: {
          key: 'max_priorities_per_user_per_day',
          value: '1',
          description: PLATFORM_SETTING_DEFAULTS.find((d) => d.key === 'max_priorities_per_user_per_day')!.description,
        },
      });
      const changedAt = Date.now();
      assert.equal(put.status, 200, put.text);
      assert.equal(put.body.value, '1');
      assert.equal(put.body.updatedBy, adminId);
      assert.ok(put.body.updatedAt);
      // Through the gateway: the second priority of the day is refused with the new limit.
      const refused = await pollUntil(
        () => citizen.client.post('/api/priorities', priorityBody()),
        (r) => r.status === 429,
        1000,
      );
      assert.equal(messageOf(refused), dailyLimitMessage(1));
      const seenAfter = Date.now() - changedAt;
      assert.ok(seenAfter <= 1000, `obeyed after ${seenAfter} ms`);
      t.diagnostic(`priorities obeyed the new limit ${seenAfter} ms after the PUT answered`);
      if (replica) {
        // The second replica obeys too: its copy changed, and a call straight to it is refused.
        await pollUntil(
          async () => replica.platform.settings.get('max_priorities_per_user_per_day'),
          (v) => v === '1',
          1000,
        );
        t.diagnostic(`the second replica held the new value ${Date.now() - changedAt} ms after the PUT answered`);
        const sign = createIdentitySigner(stack.env.IDENTITY_SIGNING_KEY!);
        const direct = await fetch(`${replica.url}/api/priorities`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [IDENTITY_HEADER]: sign({ userId: citizen.id, isAdmin: false, isBanned: false, ip: '127.0.0.1' }, 'priorities'),
          },
          body: JSON.stringify(priorityBody()),
        });
        assert.equal(direct.status, 429, await direct.text());
      }
      const logs = await client.get<TAuditLog[]>('/api/admin/audit-logs?action=update_setting&limit=50&offset=0');
      const entry = logs.body.find((l) => l.targetId === 'max_priorities_per_user_per_day');
      assert.ok(entry, 'an update_setting entry');
      assert.equal(entry.adminId, adminId);
      assert.equal(entry.targetType, 'setting');
      // SECURITY 23: where it came from (the client's address, the gateway's request id).
      assert.ok(entry.ip, 'the client address');
      assert.match(entry.requestId ?? '', /^[0-9a-f-]{36}$/);
      assert.deepEqual(entry.details, { key: 'max_priorities_per_user_per_day', oldValue: '5', newValue: '1' });
      // Back to the default for the other tests.
      const reset = await client.request('PUT', '/api/admin/settings', { body: { key: 'max_priorities_per_user_per_day', value: '5' } });
      assert.equal(reset.status, 200, reset.text);
    });

    test('GET /api/platform-settings gives signed-in citizens the current amounts and the Report switch only', async () => {
      const citizen = await sessionFor(stack, randomUUID());
      const before = await citizen.get<TCitizenSettings>('/api/platform-settings');
      assert.equal(before.status, 200, before.text);
      assert.deepEqual(Object.keys(before.body).sort(), [
        'content_moderation_enabled',
        'daily_login_bonus',
        'priority_creation_cost',
        'priority_promotion_cost',
        'recruit_user_reward',
        'vote_change_cooldown_hours',
      ]);
      assert.equal(before.body.content_moderation_enabled, true);
      const put = await (await admin()).request('PUT', '/api/admin/settings', { body: { key: 'priority_promotion_cost', value: 75 } });
      assert.equal(put.status, 200, put.text);
      await pollUntil(
        () => citizen.get<TCitizenSettings>('/api/platform-settings'),
        (r) => r.body.priority_promotion_cost === 75,
        1000,
      );
      await (await admin()).request('PUT', '/api/admin/settings', { body: { key: 'priority_promotion_cost', value: '50' } });
    });

    test('GET /api/registration tells anyone, signed in or not, whether registration is open and needs approval', async () => {
      const visitor = stack.client();
      const read = () => visitor.get<TRegistrationStatus>('/api/registration');
      const first = await read();
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(ZRegistrationStatus.strict().parse(first.body), { open: true, approvalRequired: false });
      const put = async (key: string, value: string) => {
        const answer = await (await admin()).request('PUT', '/api/admin/settings', { body: { key, value } });
        assert.equal(answer.status, 200, answer.text);
      };
      try {
        await put('registration_enabled', 'false');
        await pollUntil(read, (r) => r.body.open === false);
        await put('registration_approval_required', 'true');
        await pollUntil(read, (r) => r.body.approvalRequired === true);
        assert.deepEqual((await read()).body, { open: false, approvalRequired: true });
        assert.equal(registrationNotice((await read()).body), REGISTRATION_NOTICES.closed);
      } finally {
        await put('registration_enabled', 'true');
        await put('registration_approval_required', 'false');
      }
      await pollUntil(read, (r) => r.body.open && !r.body.approvalRequired);
    });

    if (profile === 'distributed') {
      test("NATS lets every service read the settings bucket and only the admin service's user write it", async () => {
        const bucket = settingsBucketFor(stack.env.NATS_PREFIX);
        const as = async (platform: Platform) => {
          const { NATS_URL, NATS_USER, NATS_PASSWORD } = platform.config;
          return connect({ servers: NATS_URL!, user: NATS_USER, pass: NATS_PASSWORD, inboxPrefix: `_INBOX_${NATS_USER}` });
        };
        const priorities = await as(stack.platforms.priorities!);
        try {
          const kv = await new Kvm(priorities).open(bucket);
          assert.equal((await kv.get('daily_login_bonus'))?.json<{ value: string }>().value, '1', 'readable');
          await assert.rejects(kv.put('daily_login_bonus', JSON.stringify({ value: '1000', revision: 1_000_000 })), /permission|timeout|503|no responders/i);
          assert.equal(stack.platforms.priorities!.settings.get('daily_login_bonus'), '1');
        } finally {
          await priorities.close();
        }
        const admin = await as(stack.platforms.admin!);
        try {
          const kv = await new Kvm(admin).open(bucket);
          const current = await kv.get('daily_login_bonus');
          assert.ok(current, 'the admin service published the defaults at start');
          await kv.update('daily_login_bonus', current.string(), current.revision);
        } finally {
          await admin.close();
        }
      });

      test('after a NATS restart, a change still reaches every process (the watch resumes or is made again)', async (t) => {
        await stack.infrastructure!.nats.stop();
        await stack.infrastructure!.nats.start();
        const client = await admin();
        // The admin service may need a moment to reconnect: its PUT is retried by the test, as a person would.
        const put = await pollUntil(
          () => client.request('PUT', '/api/admin/settings', { body: { key: 'min_endorsements_for_ranking', value: '7' } }),
          (r) => r.status === 200,
          15_000,
        );
        const changedAt = Date.now();
        assert.equal(put.status, 200, put.text);
        await pollUntil(
          async () => stack.platforms.priorities!.settings.get('min_endorsements_for_ranking'),
          (v) => v === '7',
          20_000,
        );
        t.diagnostic(`priorities held the value ${Date.now() - changedAt} ms after the PUT answered, after the NATS restart`);
        assert.equal((await client.request('PUT', '/api/admin/settings', { body: { key: 'min_endorsements_for_ranking', value: '5' } })).status, 200);
      });

      test('a restarted service loads the stored value from the bucket; a restarted admin service publishes what it committed, also from a restored database', async () => {
        const client = await admin();
        assert.equal((await client.request('PUT', '/api/admin/settings', { body: { key: 'vote_change_cooldown_hours', value: '12' } })).status, 200);
        await stack.stopService('priorities');
        await stack.startService('priorities');
        assert.equal(stack.platforms.priorities!.settings.get('vote_change_cooldown_hours'), '12', 'loaded at start');
        // A change committed without reaching the bucket (a crash in between) is published at the next start.
        const tables = await (await import('./support/admin-helpers.ts')).openAdminTables(stack);
        await tables.query("UPDATE admin.platform_settings SET value = '13', revision = revision + 1 WHERE key = 'vote_change_cooldown_hours'");
        await stack.stopService('admin');
        await stack.startService('admin');
        await pollUntil(
          async () => stack.platforms.priorities!.settings.get('vote_change_cooldown_hours'),
          (v) => v === '13',
          1000,
        );
        // A database restored from an older backup (its revision behind the bucket's) still wins at
        // the next start, and the changes after it reach every process.
        await tables.query("UPDATE admin.platform_settings SET value = '6', revision = 1, published_revision = 1 WHERE key = 'vote_change_cooldown_hours'");
        await stack.stopService('admin');
        await stack.startService('admin');
        await pollUntil(
          async () => stack.platforms.priorities!.settings.get('vote_change_cooldown_hours'),
          (v) => v === '6',
          5000,
        );
        assert.equal((await client.request('PUT', '/api/admin/settings', { body: { key: 'vote_change_cooldown_hours', value: '24' } })).status, 200);
        await pollUntil(
          async () => stack.platforms.priorities!.settings.get('vote_change_cooldown_hours'),
          (v) => v === '24',
          5000,
        );
      });
    }
  });
}
