// Settings and account stats from the account service alone (spec 2.11, 3, 7.3), and issue 22: what
// account publishes when settings change (civic.account.settings.changed for a notification switch,
// with a version that grows with every change; privacy.changed for a visibility) and what it does
// with civic.notifications.switch.unsubscribed, delivered as the notifications service's relay would.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCOUNT_COUNT_REQUESTS, accountEvents, notificationsEvents, SETTINGS_MESSAGES, type TNotificationSwitch } from '@civic/contracts';
import { useTestService } from '@civic/service-kit/testing';
import { accountService, MIGRATIONS_DIR } from '../../src/app.ts';
import { registerMember } from '../support/account-service.ts';

describe('account settings', () => {
  const service = useTestService(accountService);

  describe('account settings and stats', () => {
    test('a PATCH changes one key at a time and GET reflects it', async () => {
      const { client } = await registerMember(service, 'settings');
      const changes = [
        { profileVisibility: 'private' },
        { activityVisibility: 'private' },
        { emailNotifications: false },
        { activityNotifications: false },
        { priorityNotifications: false },
        { profileVisibility: 'public' },
      ] as const;
      let expected: Record<string, unknown> = (await client.get('/api/settings')).body;
      for (const change of changes) {
        const answer = await client.patch('/api/settings', change);
        assert.equal(answer.status, 200, answer.text);
        expected = { ...expected, ...change };
        assert.deepEqual(answer.body, expected);
        assert.deepEqual((await client.get('/api/settings')).body, expected);
      }
    });

    test('an invalid key, value or number of keys is a 400 and changes nothing', async () => {
      const { client } = await registerMember(service, 'bad-settings');
      const before = (await client.get('/api/settings')).body;
      const cases: [unknown, string | RegExp][] = [
        [{}, SETTINGS_MESSAGES.oneKey],
        [{ emailNotifications: false, activityNotifications: false }, SETTINGS_MESSAGES.oneKey],
        [{ profileVisibility: 'friends' }, SETTINGS_MESSAGES.visibility],
        [{ activityVisibility: true }, SETTINGS_MESSAGES.visibility],
        [{ emailNotifications: 'no' }, SETTINGS_MESSAGES.flag],
        [{ priorityNotifications: null }, SETTINGS_MESSAGES.flag],
        [{ darkMode: true }, /darkMode/],
      ];
      for (const [body, message] of cases) {
        const answer = await client.patch('/api/settings', body);
        assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
        if (typeof message === 'string') assert.equal(answer.body.message, message);
        else assert.match(answer.body.message, message);
      }
      assert.deepEqual((await client.get('/api/settings')).body, before);
    });

    test('settings and stats need a signed-in user', async () => {
      const visitor = service.asVisitor();
      assert.equal((await visitor.get('/api/settings')).status, 401);
      assert.equal((await visitor.patch('/api/settings', { emailNotifications: false })).status, 401);
      assert.equal((await visitor.get('/api/account/stats')).status, 401);
    });

    // A new user's counts, all 0 from the real owners: services/account/test/data-rights.test.ts.
    test('account stats answer every count of spec 3', async () => {
      const { client, id } = await registerMember(service, 'stats');
      await service.requests.answer(ACCOUNT_COUNT_REQUESTS.social, async () => ({ activitiesCount: 3, followersCount: 4, followingCount: 5 }));
      await service.requests.answer(ACCOUNT_COUNT_REQUESTS.priorities, async () => ({ prioritiesCount: 1, votesCount: 6 }));
      await service.requests.answer(ACCOUNT_COUNT_REQUESTS.briefing, async () => ({ briefingDocsCount: 2 }));
      const stats = await client.get('/api/account/stats');
      assert.equal(stats.status, 200);
      // Each count from the service that owns it (contracts' ACCOUNT_COUNT_OWNERS), asked for this user.
      assert.deepEqual(stats.body, {
        prioritiesCount: 1,
        briefingDocsCount: 2,
        activitiesCount: 3,
        votesCount: 6,
        followersCount: 4,
        followingCount: 5,
      });
      for (const owner of ['social', 'priorities', 'briefing'] as const) {
        assert.deepEqual(
          service.requests.asked(ACCOUNT_COUNT_REQUESTS[owner]).map((ask) => ask.identity.userId),
          [id],
          owner,
        );
      }
    });
  });

  describe('account settings events', () => {
    const eventsOf = (userId: string) =>
      service.events
        .published(accountEvents.SettingsChanged)
        .map((e) => e.payload)
        .filter((p) => p.userId === userId);
    const unsubscribe = (userId: string, which: TNotificationSwitch) =>
      service.events.deliver(notificationsEvents.SwitchUnsubscribed, { userId, switch: which, unsubscribedAt: new Date().toISOString() });

    test('a switch change publishes the switches after it with a growing version; a visibility change publishes privacy only', async () => {
      const { client, id } = await registerMember(service, 'switch-events');
      assert.equal((await client.patch('/api/settings', { emailNotifications: false })).status, 200);
      const first = await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === id);
      assert.deepEqual(
        { ...first.payload, changedAt: undefined },
        { userId: id, emailNotifications: false, activityNotifications: true, priorityNotifications: true, version: 1, changedAt: undefined },
      );
      assert.ok(!Number.isNaN(Date.parse(first.payload.changedAt)));

      // A visibility change raises the version too (every change does) but is privacy.changed's to report.
      assert.equal((await client.patch('/api/settings', { activityVisibility: 'private' })).status, 200);
      const privacy = await service.events.waitFor(accountEvents.PrivacyChanged, (p) => p.userId === id);
      assert.deepEqual([privacy.payload.profileVisibility, privacy.payload.activityVisibility], ['public', 'private']);

      assert.equal((await client.patch('/api/settings', { priorityNotifications: false })).status, 200);
      const third = await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === id && p.version > 1);
      assert.deepEqual([third.payload.emailNotifications, third.payload.activityNotifications, third.payload.priorityNotifications], [false, true, false]);
      assert.equal(third.payload.version, 3);
      // Events of one user leave in order: nothing for the visibility change came between.
      assert.deepEqual(
        eventsOf(id).map((p) => p.version),
        [1, 3],
      );
      assert.equal(
        service.events.published(accountEvents.PrivacyChanged).filter((e) => e.payload.userId === id).length,
        1,
        'switch changes publish no privacy.changed',
      );
    });

    test('an unsubscribe link turns the switch off, raises the version and publishes it; again is harmless', async () => {
      const { client, id } = await registerMember(service, 'unsubscribed');
      assert.equal((await client.patch('/api/settings', { profileVisibility: 'private' })).status, 200);
      // Settled when deliver resolves: no polling.
      await unsubscribe(id, 'activityNotifications');
      const settings = (await client.get('/api/settings')).body;
      assert.deepEqual(settings, {
        profileVisibility: 'private',
        activityVisibility: 'public',
        emailNotifications: true,
        activityNotifications: false,
        priorityNotifications: true,
      });
      const changed = await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === id);
      assert.deepEqual(
        [changed.payload.emailNotifications, changed.payload.activityNotifications, changed.payload.priorityNotifications, changed.payload.version],
        [true, false, true, 2],
      );

      // The same switch again (a second link of the same kind): still off, and said once more.
      await unsubscribe(id, 'activityNotifications');
      const again = await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === id && p.version === 3);
      assert.equal(again.payload.activityNotifications, false);
      assert.equal((await client.get('/api/settings')).body.activityNotifications, false);
      // The master switch goes off the same way.
      await unsubscribe(id, 'emailNotifications');
      const master = await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === id && p.version === 4);
      assert.deepEqual([master.payload.emailNotifications, master.payload.activityNotifications], [false, false]);
      assert.equal((await client.get('/api/settings')).body.emailNotifications, false);
    });

    test("a deleted user's unsubscribe records nothing and publishes nothing", async () => {
      const leaving = await registerMember(service, 'unsubscribed-leaving');
      const marker = await registerMember(service, 'unsubscribed-marker');
      const gone = await leaving.client.delete('/api/account', { body: { confirmation: 'DELETE' } });
      assert.equal(gone.status, 200, gone.text);
      // Each delivery settles before it resolves, and the relay publishes in commit order: once the
      // marker's event is out, anything of the first would be too.
      await unsubscribe(leaving.id, 'priorityNotifications');
      await unsubscribe(marker.id, 'priorityNotifications');
      await service.events.waitFor(accountEvents.SettingsChanged, (p) => p.userId === marker.id);
      assert.deepEqual(eventsOf(leaving.id), []);
      const { driver } = await service.platform.databases.open('account', MIGRATIONS_DIR);
      const [row] = await driver.query<{ n: string }>('SELECT count(*) AS n FROM account.settings WHERE user_id = $1::uuid', [leaving.id]);
      assert.equal(Number(row!.n), 0);
    });
  });
});
